import { hoursProgressOf } from "@client/features/opportunity-manager";
import { SAMPLE_SHARE_TOKEN, sampleAdminOpportunity } from "@client/testing/opportunity-fixtures";
import { renderApp, sampleAdmin, stubServer, TOAST_REGION } from "@client/testing/render-app";
import type { AdminOpportunity } from "@shared/contract/opportunities";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

// Screens load lazily, as in the app; on a busy machine the first render takes more than the default second.

afterEach(() => vi.unstubAllGlobals());

const reading = sampleAdminOpportunity({
  id: 1,
  title: "Reading club",
  totalRequiredHours: 30,
  completedHours: 10,
});
const lake = sampleAdminOpportunity({
  id: 2,
  title: "Lake clean-up",
  type: "community_service",
  status: "filled",
  totalRequiredHours: 20,
  completedHours: 25,
});

/** `total`: what the server says in X-Total-Count, when the list is one page of more. */
function stubManager(list: AdminOpportunity[], answers: Record<string, () => Response> = {}, total?: number) {
  return stubServer({
    currentUser: () => sampleAdmin,
    handle: (url, init) => {
      if (url.startsWith("/api/admin/opportunities")) {
        return Response.json(list, { headers: { "X-Total-Count": String(total ?? list.length) } });
      }
      return answers[`${init.method} ${url}`]?.();
    },
  });
}

/** The phone's card of an opportunity (the table's row shows the same parts on wide screens). */
function card(title: string): HTMLElement {
  return screen.getByRole("article", { name: title });
}

const readingRowOf = () => row("Reading club");

function row(title: string): HTMLElement {
  return within(screen.getByRole("table", { name: "Opportunities" })).getByRole("row", {
    name: new RegExp(title),
  });
}

const adminListCalls = (fetchMock: { mock: { calls: [string, RequestInit][] } }) =>
  fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith("/api/admin/opportunities"));

function notifications() {
  return screen.getByRole("region", TOAST_REGION);
}

describe("the opportunity manager", () => {
  it("computes the cumulative progress to one decimal, capped at 100", () => {
    expect(hoursProgressOf(10, 30).percent.toFixed(1)).toBe("33.3");
    expect(hoursProgressOf(25, 20)).toEqual({ percent: 100, isReached: true });
    expect(hoursProgressOf(0, 20).isReached).toBe(false);
  });

  it("asks for the first page of open opportunities and shows each one's figures, in a row and a card", async () => {
    const fetchMock = stubManager([reading, lake]);
    renderApp("/admin/opportunities");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Opportunity & Application Manager" }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Status")).toHaveValue("open");
    await screen.findByRole("article", { name: "Reading club" });
    expect(adminListCalls(fetchMock)).toContain("/api/admin/opportunities?status=open&limit=25&offset=0");
    expect(screen.getByText("1–2 of 2 opportunities")).toBeInTheDocument();

    const first = card("Reading club");
    expect(within(first).getByText("Active")).toBeInTheDocument();
    expect(within(first).getByText("Created Nov 02, 2026 · 3 applicants")).toBeInTheDocument();
    expect(within(first).getByText("Pending").nextSibling).toHaveTextContent("2");
    expect(within(first).getByText("33.3%")).toBeInTheDocument();
    expect(within(first).queryByText("Target Reached")).not.toBeInTheDocument();
    expect(within(first).getByRole("link", { name: "Edit Reading club" })).toHaveAttribute(
      "href",
      "/admin/opportunities/1/edit",
    );
    expect(within(first).getByRole("link", { name: "Manage Applications Reading club" })).toHaveAttribute(
      "href",
      "/admin/applications/1",
    );
    // Each count above zero opens the applications it counts; a zero is plain text.
    expect(within(first).getByRole("link", { name: "2 pending: Reading club" })).toHaveAttribute(
      "href",
      "/admin/applications/1?status=pending",
    );
    expect(within(readingRowOf()).getByRole("link", { name: "1 accepted: Reading club" })).toHaveAttribute(
      "href",
      "/admin/applications/1?status=accepted",
    );
    expect(
      within(first).queryByRole("link", { name: /hours submitted: Reading club/ }),
    ).not.toBeInTheDocument();
    // The one way to an opportunity's applications is its applications page.
    expect(within(first).queryByRole("button", { name: /Show Applications/ })).not.toBeInTheDocument();

    const readingRow = row("Reading club");
    expect(within(readingRow).getByText("Active")).toBeInTheDocument();
    expect(within(readingRow).getByRole("link", { name: "Reading club" })).toHaveAttribute(
      "href",
      "/opportunity/1",
    );
    expect(within(readingRow).getByText("33.3%")).toBeInTheDocument();
    expect(
      within(readingRow).getByRole("link", { name: "Manage Applications Reading club" }),
    ).toHaveAttribute("href", "/admin/applications/1");
    expect(within(row("Lake clean-up")).getByText("Target Reached")).toBeInTheDocument();

    const second = card("Lake clean-up");
    expect(within(second).getByText("Closed")).toBeInTheDocument();
    expect(within(second).getByText("100.0%")).toBeInTheDocument();
    expect(within(second).getByText("Target Reached")).toBeInTheDocument();
    expect(within(second).queryByRole("button", { name: /^Close/ })).not.toBeInTheDocument();
  });

  it("asks the server to search, once the typing pauses, and says so when nothing matches", async () => {
    const fetchMock = stubManager([reading, lake]);
    renderApp("/admin/opportunities");
    const user = userEvent.setup();
    await screen.findByRole("article", { name: "Reading club" });
    await user.type(screen.getByLabelText("Search by title"), "lake");
    await waitFor(() =>
      expect(adminListCalls(fetchMock)).toContain(
        "/api/admin/opportunities?status=open&search=lake&limit=25&offset=0",
      ),
    );
    // One request for the pause, not one per letter.
    expect(adminListCalls(fetchMock).filter((url) => url.includes("search=l&"))).toEqual([]);

    stubManager([]);
    await user.selectOptions(screen.getByLabelText("Status"), "all");
    expect(await screen.findByRole("heading", { name: "No Opportunities Found" })).toBeInTheDocument();
    expect(screen.getByText("Try adjusting your search or the status filter.")).toBeInTheDocument();
  });

  it("pages through the server's list: 'N–M of T opportunities', Next and Previous", async () => {
    const fetchMock = stubManager([reading, lake], {}, 60);
    renderApp("/admin/opportunities");
    const user = userEvent.setup();
    expect(await screen.findByText("1–2 of 60 opportunities")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() =>
      expect(adminListCalls(fetchMock)).toContain("/api/admin/opportunities?status=open&limit=25&offset=25"),
    );
    expect(await screen.findByText("26–27 of 60 opportunities")).toBeInTheDocument();
    // A new filter starts again at the first page.
    await user.selectOptions(screen.getByLabelText("Status"), "closed");
    await waitFor(() =>
      expect(adminListCalls(fetchMock)).toContain("/api/admin/opportunities?status=closed&limit=25&offset=0"),
    );
  });

  it("closes an open opportunity and deletes one after the confirmation", async () => {
    const fetchMock = stubManager([reading], {
      "PATCH /api/opportunities/1/close": () => Response.json({ ...reading, status: "closed" }),
      "DELETE /api/opportunities/1": () => Response.json({ message: "Deleted" }),
    });
    renderApp("/admin/opportunities");
    const user = userEvent.setup();
    await screen.findByRole("article", { name: "Reading club" });

    await user.click(within(card("Reading club")).getByRole("button", { name: "Close Reading club" }));
    const question = await screen.findByRole("alertdialog", { name: "Close “Reading club”?" });
    expect(question).toHaveTextContent("Students can no longer apply to this opportunity.");
    expect(fetchMock.mock.calls.some(([, init]) => init.method === "PATCH")).toBe(false);
    await user.click(within(question).getByRole("button", { name: "Close Opportunity" }));
    expect(await within(notifications()).findByText("Opportunity Closed")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());

    await user.click(within(card("Reading club")).getByRole("button", { name: "Remove Reading club" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent(
      "Are you sure you want to permanently delete this opportunity? This action cannot be undone.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Delete Opportunity" }));
    expect(await within(notifications()).findByText("Opportunity Deleted")).toBeInTheDocument();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => init.method === "DELETE" && url === "/api/opportunities/1",
        ),
      ).toBe(true),
    );
  });

  it("copies the share link of a private opportunity, and offers none for a public one", async () => {
    const hidden = sampleAdminOpportunity({ id: 3, title: "Hidden circle", visibility: "private" });
    stubManager([reading, hidden]);
    renderApp("/admin/opportunities");
    const user = userEvent.setup();
    await screen.findByRole("article", { name: "Hidden circle" });
    expect(
      within(card("Reading club")).queryByRole("button", { name: /Copy share link/ }),
    ).not.toBeInTheDocument();

    await user.click(
      within(card("Hidden circle")).getByRole("button", { name: "Copy share link Hidden circle" }),
    );
    const link = `${window.location.origin}/opportunity/3?key=${SAMPLE_SHARE_TOKEN}`;
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(await within(notifications()).findByText("Link Copied")).toBeInTheDocument();

    // A refused clipboard: the toast shows the link to copy by hand.
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValueOnce(new Error("Not allowed"));
    await user.click(
      within(card("Hidden circle")).getByRole("button", { name: "Copy share link Hidden circle" }),
    );
    expect(await within(notifications()).findByText("Copy Failed")).toBeInTheDocument();
    expect(within(notifications()).getByText(`Copy this link instead: ${link}`)).toBeInTheDocument();
  });

  it("reports a failed close as an Error", async () => {
    stubManager([reading], {
      "PATCH /api/opportunities/1/close": () =>
        Response.json({ message: "" }, { status: 500, statusText: "Server Error" }),
    });
    renderApp("/admin/opportunities");
    const user = userEvent.setup();
    await screen.findByRole("article", { name: "Reading club" });
    await user.click(within(card("Reading club")).getByRole("button", { name: "Close Reading club" }));
    await user.click(await screen.findByRole("button", { name: "Close Opportunity" }));
    expect(await within(notifications()).findByText("Error")).toBeInTheDocument();
    expect(within(notifications()).getByText("Failed to close opportunity")).toBeInTheDocument();
  });
});

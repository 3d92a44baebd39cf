import { hoursProgressOf } from "@client/features/opportunity-manager";
import { SAMPLE_SHARE_TOKEN, sampleAdminOpportunity } from "@client/testing/opportunity-fixtures";
import { renderApp, sampleAdmin, stubServer } from "@client/testing/render-app";
import type { AdminOpportunity } from "@shared/contract/opportunities";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

// Screens load lazily, as in the app; on a busy machine the first render takes more than the default second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

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

function stubManager(list: AdminOpportunity[], answers: Record<string, () => Response> = {}) {
  return stubServer({
    currentUser: () => sampleAdmin,
    handle: (url, init) => {
      if (url.startsWith("/api/admin/opportunities")) return Response.json(list);
      return answers[`${init.method} ${url}`]?.();
    },
  });
}

function card(title: string): HTMLElement {
  return screen.getByRole("article", { name: title });
}

function notifications() {
  return screen.getByRole("region", { name: /Notifications/ });
}

describe("the opportunity manager", () => {
  it("computes the cumulative progress to one decimal, capped at 100", () => {
    expect(hoursProgressOf(10, 30).percent.toFixed(1)).toBe("33.3");
    expect(hoursProgressOf(25, 20)).toEqual({ percent: 100, isReached: true });
    expect(hoursProgressOf(0, 20).isReached).toBe(false);
  });

  it("asks for open opportunities first and shows each card's figures", async () => {
    const fetchMock = stubManager([reading, lake]);
    renderApp("/admin/opportunities");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Opportunity & Application Manager" }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Status")).toHaveValue("open");
    await screen.findByRole("article", { name: "Reading club" });
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith("/api/admin/opportunities?status=open"))).toBe(
      true,
    );

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
    expect(within(first).getByRole("link", { name: "Manage applications Reading club" })).toHaveAttribute(
      "href",
      "/admin/applications/1",
    );

    const second = card("Lake clean-up");
    expect(within(second).getByText("Closed")).toBeInTheDocument();
    expect(within(second).getByText("100.0%")).toBeInTheDocument();
    expect(within(second).getByText("Target Reached")).toBeInTheDocument();
    expect(within(second).queryByRole("button", { name: /^Close/ })).not.toBeInTheDocument();
  });

  it("filters by title and says so when nothing matches", async () => {
    stubManager([reading, lake]);
    renderApp("/admin/opportunities");
    const user = userEvent.setup();
    await screen.findByRole("article", { name: "Reading club" });
    await user.type(screen.getByLabelText("Search by title"), "lake");
    expect(screen.queryByRole("article", { name: "Reading club" })).not.toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Lake clean-up" })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Search by title"), "xyz");
    expect(screen.getByRole("heading", { name: "No Opportunities Found" })).toBeInTheDocument();
  });

  it("expands one card's applications at a time", async () => {
    stubManager([reading, lake]);
    renderApp("/admin/opportunities");
    const user = userEvent.setup();
    await screen.findByRole("article", { name: "Reading club" });
    const showReading = within(card("Reading club")).getByRole("button", { name: /Show Applications/ });
    await user.click(showReading);
    expect(showReading).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("region", { name: "Applications for Reading club" })).toBeVisible();
    await user.click(within(card("Lake clean-up")).getByRole("button", { name: /Show Applications/ }));
    expect(within(card("Reading club")).getByRole("button", { name: /Show Applications/ })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    expect(screen.getByRole("region", { name: "Applications for Lake clean-up" })).toBeInTheDocument();
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
    expect(await within(notifications()).findByText("Opportunity Closed")).toBeInTheDocument();

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
    expect(await within(notifications()).findByText("Error")).toBeInTheDocument();
    expect(within(notifications()).getByText("Failed to close opportunity")).toBeInTheDocument();
  });
});

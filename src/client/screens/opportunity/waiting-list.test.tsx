// The detail page's withdraw and waiting-list actions (docs/product-rules.md §12, ADR 0037).
import { OwnWaitlist } from "@client/features/waitlist";
import { sampleOpportunity } from "@client/testing/opportunity-fixtures";
import { renderApp, sampleStudent, stubServer } from "@client/testing/render-app";
import type { OpportunityDetail } from "@shared/contract/opportunities";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OFFER_EXPIRES = "2026-11-27T10:30:00.000Z";

/** GET /api/opportunities/7 answers `current`; each POST or DELETE moves it on as the server would. */
function stubDetail(opportunity: OpportunityDetail) {
  let current = opportunity;
  const calls: string[] = [];
  stubServer({
    currentUser: () => sampleStudent,
    handle: (url, init) => {
      if (url === "/api/opportunities/7") return Response.json(current);
      if (init.method === "GET" || !init.method) return undefined;
      calls.push(`${init.method} ${url}`);
      if (url === "/api/applications/41/withdraw") {
        current = { ...current, viewerApplication: { id: 41, status: "withdrawn" }, placesLeft: 1 };
        return Response.json({ id: 41, status: "withdrawn" });
      }
      if (url === "/api/opportunities/7/waitlist" && init.method === "POST") {
        current = { ...current, viewerWaitlist: { status: "waiting", position: 3, offerExpiresAt: null } };
        return Response.json({ id: 5, status: "waiting", position: 3 }, { status: 201 });
      }
      if (url === "/api/opportunities/7/waitlist" && init.method === "DELETE") {
        current = { ...current, viewerWaitlist: null };
        return Response.json({ message: "You left the waiting list" });
      }
      if (url === "/api/opportunities/7/waitlist/accept-offer") {
        current = { ...current, viewerWaitlist: null, viewerApplication: { id: 42, status: "pending" } };
        return Response.json({ id: 42, status: "pending" }, { status: 201 });
      }
      return undefined;
    },
  });
  return calls;
}

function notifications() {
  return screen.getByRole("region", { name: /Notifications/ });
}

describe("withdrawing from the detail page", () => {
  it("asks first, then withdraws and offers Apply again", async () => {
    const calls = stubDetail(sampleOpportunity({ viewerApplication: { id: 41, status: "pending" } }));
    const user = userEvent.setup();
    renderApp("/opportunity/7");
    await user.click(await screen.findByRole("button", { name: /Withdraw Application/ }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent(/cannot be undone/);
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Withdraw Application" }));
    await waitFor(() => expect(notifications()).toHaveTextContent("Application Withdrawn"));
    expect(calls).toEqual(["POST /api/applications/41/withdraw"]);
    expect(await screen.findByRole("button", { name: "Apply" })).toBeInTheDocument();
  });

  it("offers no withdrawal once hours are in", async () => {
    stubDetail(sampleOpportunity({ viewerApplication: { id: 41, status: "hours_submitted" } }));
    renderApp("/opportunity/7");
    expect(await screen.findByText("Applied")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Withdraw Application/ })).not.toBeInTheDocument();
  });
});

describe("the waiting list on the detail page", () => {
  it("offers Join Waiting List on a full opportunity, then shows the place in line and Leave", async () => {
    const calls = stubDetail(sampleOpportunity({ placesLeft: 0, waitlistCount: 2 }));
    const user = userEvent.setup();
    renderApp("/opportunity/7");
    expect(await screen.findByText(/2 people are waiting/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Apply" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Join Waiting List" }));
    expect(await screen.findByText("You are number 3 in line")).toBeInTheDocument();
    await waitFor(() => expect(notifications()).toHaveTextContent("Joined the Waiting List"));

    await user.click(screen.getByRole("button", { name: "Leave Waiting List" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Leave Waiting List" }));
    expect(await screen.findByRole("button", { name: "Join Waiting List" })).toBeInTheDocument();
    expect(calls).toEqual(["POST /api/opportunities/7/waitlist", "DELETE /api/opportunities/7/waitlist"]);
  });

  it("shows an offered place with its deadline, and takes it", async () => {
    const calls = stubDetail(
      sampleOpportunity({
        placesLeft: 0,
        viewerWaitlist: { status: "offered", position: null, offerExpiresAt: OFFER_EXPIRES },
      }),
    );
    const user = userEvent.setup();
    renderApp("/opportunity/7");
    const panel = await screen.findByRole("region", { name: "A place offered to you" });
    expect(panel).toHaveTextContent(/A place is yours if you take it by Nov 27, 2026 at \d\d:\d\d/);
    expect(within(panel).getByRole("button", { name: "Decline" })).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Take the Place" }));
    await waitFor(() => expect(notifications()).toHaveTextContent("Place Taken"));
    expect(await screen.findByText("Applied")).toBeInTheDocument();
    expect(calls).toEqual(["POST /api/opportunities/7/waitlist/accept-offer"]);
  });
});

describe("the waiting list of an opportunity that takes no applications now", () => {
  const onHold = "Applications are closed for now. You keep your place in line in case they reopen.";

  it("keeps the student's place in line on the detail page and says why nobody is offered one", async () => {
    stubDetail(
      sampleOpportunity({
        status: "closed",
        placesLeft: 0,
        viewerWaitlist: { status: "waiting", position: 2, offerExpiresAt: null },
      }),
    );
    renderApp("/opportunity/7");
    expect(await screen.findByText("You are number 2 in line")).toBeInTheDocument();
    expect(screen.getByText(onHold)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Leave Waiting List" })).toBeInTheDocument();
  });

  it("holds an offered place without a button to take it, and still lets it be declined", async () => {
    stubDetail(
      sampleOpportunity({
        status: "closed",
        placesLeft: 0,
        viewerWaitlist: { status: "offered", position: null, offerExpiresAt: OFFER_EXPIRES },
      }),
    );
    renderApp("/opportunity/7");
    const panel = await screen.findByRole("region", { name: "A place offered to you" });
    expect(panel).toHaveTextContent(/A place is held for you until Nov 27, 2026 at \d\d:\d\d/);
    expect(panel).toHaveTextContent("you can take it only if they reopen before then");
    expect(within(panel).queryByRole("button", { name: "Take the Place" })).not.toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Decline" })).toBeInTheDocument();
  });

  it("says so on the dashboard's places in line, beside those of open opportunities", () => {
    const entry = (id: number, status: "waiting" | "offered", opportunityStatus: "open" | "closed") => ({
      id,
      opportunityId: id,
      status,
      joinedAt: "2026-11-20T10:00:00.000Z",
      offeredAt: status === "offered" ? "2026-11-25T10:30:00.000Z" : null,
      offerExpiresAt: status === "offered" ? OFFER_EXPIRES : null,
      position: status === "waiting" ? 4 : null,
      opportunity: { id, title: `Opportunity ${id}`, type: "teaching" as const, status: opportunityStatus },
    });
    render(
      <MemoryRouter>
        <OwnWaitlist
          entries={[
            entry(1, "waiting", "open"),
            entry(2, "waiting", "closed"),
            entry(3, "offered", "open"),
            entry(4, "offered", "closed"),
          ]}
        />
      </MemoryRouter>,
    );
    const [open, closed, offered, held] = screen.getAllByRole("listitem");
    expect(open).toHaveTextContent("Waiting list: you are number 4 in line");
    expect(open).not.toHaveTextContent(onHold);
    expect(closed).toHaveTextContent(onHold);
    expect(offered).toHaveTextContent(/A place is offered to you until .*: open it to take it\./);
    expect(held).toHaveTextContent(/A place is held for you until .*you can take it only if they reopen/);
    expect(held).not.toHaveTextContent("open it to take it");
  });
});

import { sampleAdmin, stubServer } from "@client/testing/render-app";
import { renderWithProviders } from "@client/testing/render-with-providers";
import type { AdminApplication } from "@shared/contract/applications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PENDING } from "./admin-lists";
import { PendingList } from "./pending-list";
import { ReviewQueue } from "./review-queue";

function pendingApplication(id: number): AdminApplication {
  return {
    id,
    userId: 100 + id,
    opportunityId: 1,
    status: "pending",
    appliedAt: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
    completedAt: null,
    notes: null,
    coinsAwarded: 0,
    hoursCompleted: 0,
    submittedHours: 0,
    hoursUnderReview: null,
    hourSubmissionDate: null,
    adminFeedback: null,
    user: { firstName: "Student", lastName: `Number${id}`, email: `student${id}@iimb.ac.in` },
    opportunity: {
      id: 1,
      title: "Lake Clean-Up",
      type: "community_service",
      status: "open",
      coinsPerHour: 10,
      maxCoins: 100,
      totalRequiredHours: null,
    },
    totalRequiredHours: null,
  };
}

/** A server paging `queue` as the real one does (newest first, or oldest first), and accepting from it. */
function serve(queue: AdminApplication[]) {
  return stubServer({
    currentUser: () => sampleAdmin,
    handle: (url, init) => {
      const decision = url.match(/^\/api\/applications\/(\d+)\/status$/);
      if (decision && init.method === "PUT") {
        const index = queue.findIndex((application) => application.id === Number(decision[1]));
        const [decided] = queue.splice(index, 1);
        return Response.json({
          application: { ...decided, status: "accepted" },
          coinsAwarded: 0,
          capped: false,
          badgesEarned: [],
          message: "Application status updated successfully",
        });
      }
      if (!url.startsWith("/api/admin/applications?")) return undefined;
      const query = new URLSearchParams(url.split("?")[1]);
      const offset = Number(query.get("offset") ?? 0);
      const limit = Number(query.get("limit") ?? 100);
      const ordered = query.get("sort") === "oldest" ? [...queue] : [...queue].reverse();
      return Response.json(ordered.slice(offset, offset + limit), {
        headers: { "X-Total-Count": String(queue.length) },
      });
    },
  });
}

function renderQueue() {
  renderWithProviders(
    <ReviewQueue
      title="Pending Applications"
      description="Accept or reject new applications."
      status={PENDING}
      newestSort="applied"
      what="pending applications"
      whatOne="pending application"
      total={undefined}
    >
      {(applications) => <PendingList applications={applications} />}
    </ReviewQueue>,
  );
  return screen.getByRole("region", { name: "Pending Applications" });
}

const pager = () => screen.getByRole("navigation", { name: "Pages of pending applications" });

afterEach(() => vi.unstubAllGlobals());

describe("ReviewQueue", () => {
  it("pages 20 at a time, puts the oldest first on request, and steps back when its last page empties", async () => {
    const queue = Array.from({ length: 41 }, (_, index) => pendingApplication(index + 1));
    const fetchMock = serve(queue);
    const user = userEvent.setup();
    const region = renderQueue();
    expect(await within(region).findByText("1–20 of 41 pending applications")).toBeInTheDocument();
    expect(within(region).getAllByRole("listitem")[0]).toHaveTextContent("Student Number41");
    // The rows are drawn a few at a time (ADR 0046), all of them in the end.
    await waitFor(() => expect(within(region).getAllByRole("listitem")).toHaveLength(20), { timeout: 5000 });
    expect(within(region).getAllByRole("listitem")[19]).toHaveTextContent("Student Number22");

    await user.click(within(pager()).getByRole("button", { name: "Next" }));
    expect(await within(region).findByText("21–40 of 41 pending applications")).toBeInTheDocument();
    await user.click(within(pager()).getByRole("button", { name: "Next" }));
    expect(await within(region).findByText("41–41 of 41 pending applications")).toBeInTheDocument();
    const lastPage = within(region).getAllByRole("listitem");
    expect(lastPage).toHaveLength(1);

    // The only item of the last page is accepted: the queue steps back to the page that now ends it.
    await user.click(within(region).getByRole("button", { name: "Accept application from Student Number1" }));
    expect(await within(region).findByText("21–40 of 40 pending applications")).toBeInTheDocument();
    expect(within(region).queryByText("No pending applications")).not.toBeInTheDocument();

    await user.selectOptions(within(region).getByLabelText("Order"), "Oldest first");
    expect(await within(region).findByText("1–20 of 40 pending applications")).toBeInTheDocument();
    expect(within(region).getAllByRole("listitem")[0]).toHaveTextContent("Student Number2");
    const lastList = fetchMock.mock.calls.map(([url]) => url).filter((url) => url.includes("limit=20"));
    expect(lastList.at(-1)).toContain("sort=oldest");
    expect(lastList.at(-1)).toContain("offset=0");
  });

  it("shows the empty state when nothing waits", async () => {
    serve([]);
    const region = renderQueue();
    expect(await within(region).findByText("No pending applications")).toBeInTheDocument();
    expect(within(region).getByText("0 pending applications")).toBeInTheDocument();
  });
});

import { sampleOpportunity } from "@client/testing/opportunity-fixtures";
import { renderApp, sampleStudent, stubServer } from "@client/testing/render-app";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => window.localStorage.setItem(`seva.onboarding-dismissed.${sampleStudent.id}`, "true"));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** A feed of `total` opportunities answered a page at a time, as the server does. */
function stubDiscover(total: number) {
  return stubServer({
    currentUser: () => sampleStudent,
    handle: (url) => {
      if (url.startsWith("/api/opportunities?")) {
        const query = new URLSearchParams(url.split("?")[1]);
        const offset = Number(query.get("offset") ?? 0);
        const limit = Number(query.get("limit") ?? 50);
        const count = Math.max(0, Math.min(limit, total - offset));
        const opportunities = Array.from({ length: count }, (_, index) =>
          sampleOpportunity({ id: offset + index + 1, title: `Opportunity ${offset + index + 1}` }),
        );
        return Response.json({ opportunities, total });
      }
      if (url === `/api/applications/user/${sampleStudent.id}`) return Response.json([]);
      return undefined;
    },
  });
}

const feedCalls = (fetchMock: { mock: { calls: [string, RequestInit][] } }) =>
  fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith("/api/opportunities?"));

describe("the dashboard's Discover", () => {
  it("asks the server for what the student has not applied to, and shows more on request", async () => {
    const fetchMock = stubDiscover(30);
    renderApp("/dashboard");
    const user = userEvent.setup();
    expect(await screen.findByText("Showing 12 of 30 opportunities")).toBeInTheDocument();
    expect(feedCalls(fetchMock)).toContain(
      "/api/opportunities?sort=recommended&hideApplied=true&limit=12&offset=0",
    );
    const list = screen.getByText("Showing 12 of 30 opportunities").closest("section") as HTMLElement;
    expect(within(list).getAllByText("Perfect Match")).toHaveLength(3);

    await user.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByText("Showing 24 of 30 opportunities")).toBeInTheDocument();
    expect(feedCalls(fetchMock)).toContain(
      "/api/opportunities?sort=recommended&hideApplied=true&limit=12&offset=12",
    );
    await user.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByText("Showing 30 of 30 opportunities")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
  });

  it("hands the search and the sort to the server", async () => {
    const fetchMock = stubDiscover(3);
    renderApp("/dashboard");
    const user = userEvent.setup();
    await screen.findByText("Showing 3 of 3 opportunities");
    await user.type(screen.getByLabelText("Search opportunities"), "library");
    await waitFor(() =>
      expect(feedCalls(fetchMock)).toContain(
        "/api/opportunities?search=library&sort=recommended&hideApplied=true&limit=12&offset=0",
      ),
    );
    await user.click(screen.getByRole("radio", { name: "Quick Wins" }));
    await waitFor(() =>
      expect(feedCalls(fetchMock)).toContain(
        "/api/opportunities?search=library&sort=new&duration=instant&duration=1-3days&hideApplied=true&limit=12&offset=0",
      ),
    );
  });
});

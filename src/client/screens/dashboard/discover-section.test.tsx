import { sampleOpportunity } from "@client/testing/opportunity-fixtures";
import { renderApp, sampleStudent, stubServer } from "@client/testing/render-app";
import type { CurrentUser } from "@shared/contract/auth";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

beforeEach(() => window.localStorage.setItem(`seva.onboarding-dismissed.${sampleStudent.id}`, "true"));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** Every third is a perfect match for `maths teacher`, the next a partial one, the next none. */
const FLAVOURS = [
  { type: "teaching", skills: ["Maths", "Communication"] },
  { type: "donation", skills: ["Maths"] },
  { type: "mentoring", skills: ["Music"] },
] as const;
const mathsTeacher: CurrentUser = { ...sampleStudent, interests: { skills: ["Maths"], types: ["teaching"] } };

/** A feed of `total` opportunities answered a page at a time, as the server does. */
function stubDiscover(total: number, student: CurrentUser = mathsTeacher) {
  return stubServer({
    currentUser: () => student,
    handle: (url) => {
      if (url.startsWith("/api/opportunities?")) {
        const query = new URLSearchParams(url.split("?")[1]);
        const offset = Number(query.get("offset") ?? 0);
        const limit = Number(query.get("limit") ?? 50);
        const count = Math.max(0, Math.min(limit, total - offset));
        const opportunities = Array.from({ length: count }, (_, index) =>
          sampleOpportunity({
            id: offset + index + 1,
            title: `Opportunity ${offset + index + 1}`,
            ...FLAVOURS[(offset + index) % 3],
            skills: [...(FLAVOURS[(offset + index) % 3]?.skills ?? [])],
          }),
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
    // Only real matches are perfect (ADR 0035): 4 of the 12, a partial one gets a quiet hint.
    expect(within(list).getAllByText("Perfect Match")).toHaveLength(4);
    expect(within(list).getAllByText("Matches your interests: Maths")).toHaveLength(4);
    expect(screen.queryByText("Choose your interests for better recommendations")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByText("Showing 24 of 30 opportunities")).toBeInTheDocument();
    expect(feedCalls(fetchMock)).toContain(
      "/api/opportunities?sort=recommended&hideApplied=true&limit=12&offset=12",
    );
    await user.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByText("Showing 30 of 30 opportunities")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
  });

  it("labels nothing for a student without interests, and offers to choose them in Profile", async () => {
    stubDiscover(6, sampleStudent);
    const router = renderApp("/dashboard");
    await screen.findByText("Showing 6 of 6 opportunities");
    expect(screen.queryByText("Perfect Match")).not.toBeInTheDocument();
    expect(screen.queryByText(/Matches your interests/)).not.toBeInTheDocument();
    await userEvent
      .setup()
      .click(screen.getByRole("link", { name: "Choose your interests for better recommendations" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(router.state.location.hash).toBe("#interests");
    expect(await screen.findByRole("region", { name: "Interests" })).toBeInTheDocument();
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

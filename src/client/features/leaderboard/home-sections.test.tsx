import { sampleStudent, stubServer } from "@client/testing/render-app";
import { renderWithProviders } from "@client/testing/render-with-providers";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommunityImpact } from "./community-impact";
import { TopContributors } from "./top-contributors";

afterEach(() => vi.unstubAllGlobals());

const contributor = (rank: number, firstName: string | null, lastName: string | null, coins: number) => ({
  id: firstName ? rank : null,
  firstName,
  lastName,
  coins,
  anonymizeLeaderboard: firstName === null,
  rank,
  isViewer: false,
  _count: { completedApplications: 1 },
});

describe("TopContributors", () => {
  it("lists the top five, anonymous students as 'Anonymous Student', with a link to the leaderboard", async () => {
    const fetchMock = stubServer({
      currentUser: () => sampleStudent,
      handle: (url) =>
        url === "/api/leaderboard?limit=5"
          ? Response.json([contributor(1, "Rohan", "Mehta", 125_000), contributor(2, null, null, 900)])
          : undefined,
    });
    renderWithProviders(<TopContributors />);
    const section = screen.getByRole("region", { name: "Top Contributors" });
    const items = await within(section).findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Rank 1RMRohan Mehta1,25,000 coins",
      "Rank 2??Anonymous Student900 coins",
    ]);
    expect(within(section).getByRole("link", { name: "View Leaderboard" })).toHaveAttribute(
      "href",
      "/leaderboard",
    );
    expect(fetchMock).toHaveBeenCalledWith("/api/leaderboard?limit=5", expect.anything());
  });

  it("has an empty state", async () => {
    stubServer({
      currentUser: () => sampleStudent,
      handle: (url) => (url.startsWith("/api/leaderboard") ? Response.json([]) : undefined),
    });
    renderWithProviders(<TopContributors />);
    expect(await screen.findByRole("heading", { name: "No contributors yet" })).toBeInTheDocument();
  });
});

describe("CommunityImpact", () => {
  it("shows the four totals with Indian digit grouping", async () => {
    stubServer({
      currentUser: () => sampleStudent,
      handle: (url) =>
        url === "/api/community/impact"
          ? Response.json({
              totalCoins: 1_234_567,
              totalOpportunities: 42,
              activeStudents: 1_500,
              projectsCompleted: 310,
            })
          : undefined,
    });
    renderWithProviders(<CommunityImpact />);
    const section = screen.getByRole("region", { name: "Community Impact" });
    expect(await within(section).findByText("12,34,567")).toBeInTheDocument();
    const figures = within(section)
      .getAllByRole("term")
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(figures).toEqual([
      "Coins Earned: 12,34,567",
      "Total Opportunities: 42",
      "Active Students: 1,500",
      "Projects Completed: 310",
    ]);
  });
});

import { renderApp, sampleAdmin, sampleStudent, stubServer } from "@client/testing/render-app";
import type { LeaderboardEntry } from "@shared/contract/leaderboard";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => vi.unstubAllGlobals());

function entry(rank: number, name: [string, string] | null, extra: Partial<LeaderboardEntry> = {}) {
  return {
    id: name ? rank : null,
    firstName: name?.[0] ?? null,
    lastName: name?.[1] ?? null,
    coins: 1000 - rank * 10,
    anonymizeLeaderboard: name === null,
    rank,
    isViewer: false,
    _count: { completedApplications: 2 },
    ...extra,
  } satisfies LeaderboardEntry;
}

const board = [
  entry(1, ["Rohan", "Mehta"]),
  entry(2, ["Asha", "Rao"], { isViewer: true, anonymizeLeaderboard: true }),
  entry(3, ["Priya", "Iyer"]),
  entry(7, null),
];

const activities = [
  { id: 11, title: "Library reading hour", status: "closed" },
  { id: 12, title: "Lake clean-up", status: "open" },
];

function stub({ admin = false, leaderboard = board, rank = 2 as number | null } = {}) {
  return stubServer({
    currentUser: () => (admin ? sampleAdmin : sampleStudent),
    handle: (url) => {
      if (url.startsWith("/api/leaderboard/me")) {
        return Response.json({ rank, coins: 980, completedApplications: 2, rankedStudents: 64 });
      }
      if (url.startsWith("/api/leaderboard/activities")) {
        const search = new URLSearchParams(url.split("?")[1]).get("search") ?? "";
        const found = activities.filter((activity) => activity.title.toLowerCase().includes(search));
        return Response.json(found, { headers: { "X-Total-Count": String(found.length + 40) } });
      }
      if (url.startsWith("/api/leaderboard")) return Response.json(leaderboard);
      return undefined;
    },
  });
}

describe("the leaderboard screen", () => {
  it("shows the podium, the table with anonymous students and the viewer's own row", async () => {
    const fetchMock = stub();
    renderApp("/leaderboard");
    const table = await screen.findByRole("table", { name: "Rankings, All Time, All Activities" });
    const rowHeaders = within(table).getAllByRole("rowheader");
    expect(rowHeaders.map((cell) => cell.textContent)).toEqual([
      "RMRohan Mehta",
      "ARAsha RaoYouAnonymous to others",
      "PIPriya Iyer",
      "??Student #007",
    ]);
    expect(within(table).getAllByRole("row")[2]).toHaveAttribute("aria-current", "true");
    const podium = screen.getByRole("region", { name: "Top Three" });
    expect(
      within(podium)
        .getAllByRole("listitem")
        .map((item) => item.textContent?.slice(0, 3)),
    ).toEqual(["1st", "2nd", "3rd"]);
    const ownRank = screen.getByRole("region", { name: "Your Rank" });
    await waitFor(() => expect(ownRank).toHaveTextContent("#2 of 64 ranked students"));
    expect(fetchMock).toHaveBeenCalledWith("/api/leaderboard?timeframe=all&limit=50", expect.anything());
  });

  it("hides every name while 'Anonymize All' is on", async () => {
    stub();
    renderApp("/leaderboard");
    const table = await screen.findByRole("table");
    await userEvent.click(screen.getByRole("switch", { name: "Anonymize All" }));
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["??Student #001", "??Student #002You", "??Student #003", "??Student #007"]);
    expect(screen.queryByText(/Mehta|Rao|Iyer/)).not.toBeInTheDocument();
  });

  it("asks for the new timeframe and says when the student is not ranked yet", async () => {
    const fetchMock = stub({ rank: null });
    renderApp("/leaderboard");
    expect(await screen.findByText("Not ranked yet")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "This Month" }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith("/api/leaderboard/me?timeframe=month", expect.anything()),
    );
  });

  it("shows an empty state and no podium without entries, and no rank card to admins", async () => {
    const fetchMock = stub({ admin: true, leaderboard: [] });
    renderApp("/leaderboard");
    expect(await screen.findByRole("heading", { name: "No Rankings Available" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Top Three" })).not.toBeInTheDocument();
    expect(screen.getByText(/Administrators are not ranked/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith("/api/leaderboard/me"))).toBe(false);
  });

  it("searches the activities on the server and filters the rankings by the one chosen", async () => {
    const fetchMock = stub();
    renderApp("/leaderboard");
    const user = userEvent.setup();
    await screen.findByRole("table", { name: "Rankings, All Time, All Activities" });
    const picker = screen.getByRole("combobox", { name: "Activity" });
    await user.click(picker);
    const listbox = screen.getByRole("listbox", { name: "Activity" });
    expect(await within(listbox).findByRole("option", { name: /Lake clean-up/ })).toBeInTheDocument();
    expect(within(listbox).getByRole("option", { name: "All Activities" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(await screen.findByText("2 of 42 shown; type to narrow")).toBeInTheDocument();

    await user.type(picker, "library");
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/leaderboard/activities?search=library&limit=20",
        expect.anything(),
      ),
    );
    const closed = await within(listbox).findByRole("option", { name: /Library reading hour/ });
    expect(closed).toHaveTextContent("Closed");
    await user.click(closed);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/leaderboard?timeframe=all&opportunityId=11&limit=50",
        expect.anything(),
      ),
    );
    expect(
      await screen.findByRole("table", { name: "Rankings, All Time, Library reading hour" }),
    ).toBeInTheDocument();
    expect(picker).toHaveValue("Library reading hour");

    // The first entry clears the filter.
    await user.click(picker);
    await user.click(within(listbox).getByRole("option", { name: "All Activities" }));
    expect(
      await screen.findByRole("table", { name: "Rankings, All Time, All Activities" }),
    ).toBeInTheDocument();
  });
});

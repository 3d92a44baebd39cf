import { sampleOpportunity } from "@client/testing/opportunity-fixtures";
import { renderApp, sampleAdmin, sampleStudent, stubServer } from "@client/testing/render-app";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

// Screens load lazily, as in the app; on a busy machine the first render takes more than the default second.

afterEach(() => vi.unstubAllGlobals());

function stubFeed(count: number, options: { admin?: boolean } = {}) {
  const opportunities = Array.from({ length: count }, (_, index) =>
    sampleOpportunity({ id: index + 1, title: `Opportunity ${index + 1}` }),
  );
  return stubServer({
    currentUser: () => (options.admin ? sampleAdmin : sampleStudent),
    handle: (url) => {
      if (url.startsWith("/api/opportunities?")) return Response.json({ opportunities, total: 9 });
      if (url === `/api/applications/user/${sampleStudent.id}`) return Response.json([]);
      return undefined;
    },
  });
}

describe("the signed-in home", () => {
  it("greets the student, shows the figures and tags the first three trending opportunities Hot", async () => {
    stubFeed(6);
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome back, Asha!" })).toBeInTheDocument();
    expect(screen.getByText(/journey of impact starts today/)).toBeInTheDocument();
    const trending = await screen.findByRole("region", { name: "Trending Opportunities" });
    const cards = await within(trending).findAllByRole("article");
    expect(cards).toHaveLength(6);
    expect(cards.map((card) => within(card).getByText(/^(Hot|New)$/).textContent)).toEqual([
      "Hot",
      "Hot",
      "Hot",
      "New",
      "New",
      "New",
    ]);
    expect(within(cards[0] as HTMLElement).getByRole("link", { name: "Opportunity 1" })).toHaveAttribute(
      "href",
      "/opportunity/1",
    );
    expect(await screen.findByText("No applications in progress")).toBeInTheDocument();
    expect(screen.getByText("Opportunities Available").nextSibling).toHaveTextContent("9");
    const nextStep = screen.getByRole("region", { name: "Your Next Step" });
    expect(within(nextStep).getByRole("link", { name: /My Dashboard/ })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    expect(within(nextStep).getByRole("link", { name: /View Leaderboard/ })).toHaveAttribute(
      "href",
      "/leaderboard",
    );
  });

  it("grows a message when there is nothing to show yet", async () => {
    stubFeed(0);
    renderApp("/");
    expect(await screen.findByText("New opportunities are growing!")).toBeInTheDocument();
  });

  it("shows admins the feed without the student's own progress or applications", async () => {
    const fetchMock = stubFeed(2, { admin: true });
    renderApp("/");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Welcome back, Meera!" }),
    ).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Opportunity 1" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Your Impact Progress" })).not.toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls.some((url) => url.startsWith("/api/applications") || url.startsWith("/api/admin"))).toBe(
      false,
    );
  });
});

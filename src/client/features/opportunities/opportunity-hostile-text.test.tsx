// Text the API stores verbatim (titles, descriptions, names; test/hostile-input.test.ts) may hold markup. The
// client must show it as text: no element, attribute or handler may come out of it.

import { sampleOpportunity } from "@client/testing/opportunity-fixtures";
import { renderApp, sampleStudent, stubServer } from "@client/testing/render-app";
import { renderWithProviders } from "@client/testing/render-with-providers";
import type { CurrentUser } from "@shared/contract/auth";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OpportunityCard } from "./opportunity-card";

afterEach(() => vi.unstubAllGlobals());

/** Elements and attributes that markup in the data could only have produced by being parsed as HTML. */
const INJECTED =
  "script, iframe, object, embed, b, svg[onload], [onerror], [onload], [onmouseover], [srcdoc]";

const markup = {
  title: "<script>alert('title')</script>",
  shortDescription: "<img src=x onerror=alert('short')>",
  fullDescription:
    "<b onmouseover=alert('full')>bold</b>\n<iframe srcdoc='<script>alert(1)</script>'></iframe>",
  customDuration: '"><svg onload=alert("duration")>',
  location: "</dd><script>alert('location')</script>",
  schedule: "<object data=javascript:alert(1)></object>",
};

const hostileOpportunity = sampleOpportunity({
  ...markup,
  duration: "custom",
  creator: { firstName: "<embed src=x>", lastName: "<b>Admin</b>" },
});

const hostileStudent: CurrentUser = {
  ...sampleStudent,
  firstName: "<img src=x onerror=alert('name')>",
  lastName: "<script>alert('surname')</script>",
};

function expectNothingInjected() {
  expect(document.querySelector(INJECTED)).toBeNull();
  // Lucide's icons are the only SVG the app draws, and they have no handlers.
  for (const svg of document.querySelectorAll("svg")) expect(svg.getAttributeNames()).not.toContain("onload");
}

describe("markup in stored text", () => {
  it("is shown as text on an opportunity card", () => {
    renderWithProviders(<OpportunityCard opportunity={hostileOpportunity} tag="Hot" hasApplied={false} />);
    const card = screen.getByRole("article");
    expect(within(card).getByRole("link", { name: markup.title })).toHaveAttribute("href", "/opportunity/7");
    expect(within(card).getByText(markup.shortDescription)).toBeInTheDocument();
    expect(within(card).getByText(markup.customDuration)).toBeInTheDocument();
    expectNothingInjected();
  });

  it("is shown as text on the detail page, in its title and in the signed-in name", async () => {
    stubServer({
      currentUser: () => hostileStudent,
      handle: (url) => (url === "/api/opportunities/7" ? Response.json(hostileOpportunity) : undefined),
    });
    renderApp("/opportunity/7");
    expect(await screen.findByRole("heading", { level: 1, name: markup.title })).toBeInTheDocument();
    for (const text of [markup.location, markup.schedule, markup.customDuration]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(
      screen.getByText(
        (_, element) => element?.tagName === "P" && element.textContent === markup.fullDescription,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Posted by <embed src=x> <b>Admin</b>")).toBeInTheDocument();
    expect(document.title).toBe(`${markup.title} · Seva`);
    expectNothingInjected();
  });

  it("is shown as text on the signed-in home's greeting and trending cards", async () => {
    stubServer({
      currentUser: () => hostileStudent,
      handle: (url) => {
        if (url.startsWith("/api/opportunities?")) {
          return Response.json({ opportunities: [hostileOpportunity], total: 1 });
        }
        if (url === `/api/applications/user/${hostileStudent.id}`) return Response.json([]);
        return undefined;
      },
    });
    renderApp("/");
    expect(
      await screen.findByRole("heading", { level: 1, name: `Welcome back, ${hostileStudent.firstName}!` }),
    ).toBeInTheDocument();
    const trending = await screen.findByRole("region", { name: "Trending Opportunities" });
    expect(await within(trending).findByRole("link", { name: markup.title })).toBeInTheDocument();
    expectNothingInjected();
  });
});

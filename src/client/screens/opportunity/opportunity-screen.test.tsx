import { SAMPLE_SHARE_TOKEN, sampleOpportunity } from "@client/testing/opportunity-fixtures";
import { renderApp, sampleAdmin, sampleStudent, stubServer, TOAST_REGION } from "@client/testing/render-app";
import type { CurrentUser } from "@shared/contract/auth";
import type { OpportunityDetail } from "@shared/contract/opportunities";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

// Screens load lazily, as in the app; on a busy machine the first render takes more than the default second.

afterEach(() => vi.unstubAllGlobals());

/** The session and GET /api/opportunities/7; POST /api/applications answers `apply` and updates the detail. */
function stubDetail(user: CurrentUser, opportunity: OpportunityDetail, apply?: () => Response) {
  let current = opportunity;
  return stubServer({
    currentUser: () => user,
    handle: (url, init) => {
      if (url.split("?")[0] === "/api/opportunities/7") return Response.json(current);
      if (url === "/api/applications" && init.method === "POST" && apply) {
        const answer = apply();
        if (answer.ok) current = { ...current, viewerApplication: { id: 1, status: "pending" } };
        return answer;
      }
      return undefined;
    },
  });
}

function notifications() {
  return screen.getByRole("region", TOAST_REGION);
}

async function openAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Apply" }));
  const dialog = await screen.findByRole("dialog");
  expect(dialog).toHaveTextContent(/confirmation e-mail/);
  const applyNow = within(dialog).getByRole("button", { name: "Apply Now" });
  expect(applyNow).toBeDisabled();
  await user.click(within(dialog).getByRole("checkbox", { name: /I confirm that I am available/ }));
  expect(applyNow).toBeEnabled();
  await user.click(applyNow);
}

describe("the dates of an opportunity", () => {
  it("shows the range in India time and offers its .ics file and a Google Calendar link", async () => {
    stubDetail(
      sampleStudent,
      sampleOpportunity({ startsAt: "2026-12-05T04:00:00.000Z", endsAt: "2026-12-05T07:00:00.000Z" }),
    );
    renderApp("/opportunity/7?key=abc");
    expect(await screen.findByText("Sat 5 Dec 2026, 9:30 am – 12:30 pm")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Add to Calendar" }));
    const download = await screen.findByRole("menuitem", { name: "Download .ics" });
    expect(download).toHaveAttribute("href", "/api/opportunities/7/calendar.ics?key=abc");
    expect(download).toHaveAttribute("download");
    const google = new URL(
      screen.getByRole("menuitem", { name: /Google Calendar/ }).getAttribute("href") ?? "",
    );
    expect(google.hostname).toBe("calendar.google.com");
    expect(google.searchParams.get("dates")).toBe("20261205T040000Z/20261205T070000Z");
    expect(google.searchParams.get("text")).toBe("Teach Maths at Bilekahalli School");
  });

  it("offers no calendar for an undated opportunity", async () => {
    stubDetail(sampleStudent, sampleOpportunity());
    renderApp("/opportunity/7");
    await screen.findByRole("heading", { level: 1, name: "Teach Maths at Bilekahalli School" });
    expect(screen.queryByRole("button", { name: "Add to Calendar" })).not.toBeInTheDocument();
    expect(screen.queryByText("When")).not.toBeInTheDocument();
  });
});

describe("the opportunity detail page", () => {
  it("shows every field of the opportunity", async () => {
    stubDetail(sampleStudent, sampleOpportunity());
    renderApp("/opportunity/7");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Teach Maths at Bilekahalli School" }),
    ).toBeInTheDocument();
    for (const text of [
      "Posted by Meera Krishnan",
      "Open",
      "2–4 weeks",
      "Saturdays, 9:00–11:00",
      "Bilekahalli, Bengaluru",
      "3/12",
      "15 coins per hour",
      "Up to 300 coins in total",
      "Maths",
      "3 students have applied",
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: "socialimpact@iimb.ac.in" })).toHaveAttribute(
      "href",
      "mailto:socialimpact@iimb.ac.in",
    );
    expect(screen.getByRole("link", { name: "+91 80 2699 3000" })).toHaveAttribute(
      "href",
      "tel:+918026993000",
    );
    expect(screen.getByRole("button", { name: "Share" })).toBeInTheDocument();
  });

  it("shows the custom duration and Unlimited capacity", async () => {
    stubDetail(
      sampleStudent,
      sampleOpportunity({ duration: "custom", customDuration: "Every Saturday", capacity: null }),
    );
    renderApp("/opportunity/7");
    expect(await screen.findByText("Every Saturday")).toBeInTheDocument();
    expect(screen.getByText("Unlimited")).toBeInTheDocument();
  });

  it("lets a student apply once the commitment is ticked, then shows Applied", async () => {
    stubDetail(sampleStudent, sampleOpportunity(), () => Response.json({ id: 1 }, { status: 201 }));
    renderApp("/opportunity/7");
    await openAndConfirm(userEvent.setup());

    expect(await within(notifications()).findByText("Application Submitted")).toBeInTheDocument();
    expect(
      within(notifications()).getByText("You're one step closer to making a difference!"),
    ).toBeInTheDocument();
    expect(await screen.findByText("Applied")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Apply" })).not.toBeInTheDocument();
  });

  it("explains a refusal with the server's message", async () => {
    const message = "This opportunity is full: every place has been taken";
    stubDetail(sampleStudent, sampleOpportunity(), () =>
      Response.json({ message }, { status: 409, statusText: "Conflict" }),
    );
    renderApp("/opportunity/7");
    await openAndConfirm(userEvent.setup());

    expect(await within(notifications()).findByText("Application Failed")).toBeInTheDocument();
    expect(within(notifications()).getByText(message)).toBeInTheDocument();
  });

  it.each([
    ["a closed opportunity", sampleStudent, { status: "closed" }, "Applications Closed"],
    ["a filled opportunity", sampleStudent, { status: "filled" }, "Not Available"],
    ["an admin", sampleAdmin, {}, "Not Available"],
    [
      "an earlier application",
      sampleStudent,
      { viewerApplication: { id: 3, status: "accepted" } },
      "Applied",
    ],
  ] as const)("offers no Apply button for %s", async (_, user, overrides, shown) => {
    stubDetail(user, sampleOpportunity(overrides));
    renderApp("/opportunity/7");
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Apply" })).not.toBeInTheDocument();
  });

  it("opens a private opportunity by its share link and applies with the link's key", async () => {
    const key = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
    const hidden = sampleOpportunity({ visibility: "private" });
    const fetchMock = stubServer({
      currentUser: () => sampleStudent,
      handle: (url, init) => {
        // As the server: a private opportunity answers 404 without its key.
        if (url === `/api/opportunities/7?key=${key}`) return Response.json(hidden);
        if (url === "/api/applications" && init.method === "POST") {
          return Response.json({ id: 1 }, { status: 201 });
        }
        return undefined;
      },
    });
    renderApp(`/opportunity/7?key=${key}`);
    expect(await screen.findByText("Private: shared by link")).toBeInTheDocument();
    await openAndConfirm(userEvent.setup());
    expect(await within(notifications()).findByText("Application Submitted")).toBeInTheDocument();
    const applied = fetchMock.mock.calls.find(([url]) => url === "/api/applications");
    expect(JSON.parse(String(applied?.[1].body))).toEqual({ opportunityId: 7, shareKey: key });
  });

  it("copies the share link of a private opportunity for an admin, the page's address otherwise", async () => {
    stubDetail(sampleAdmin, sampleOpportunity({ visibility: "private", shareToken: SAMPLE_SHARE_TOKEN }));
    renderApp("/opportunity/7");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Share" }));
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/opportunity/7?key=${SAMPLE_SHARE_TOKEN}`,
    );
    expect(await within(notifications()).findByText("Link Copied")).toBeInTheDocument();
    cleanup();

    stubDetail(sampleStudent, sampleOpportunity());
    renderApp("/opportunity/7");
    await user.click(await screen.findByRole("button", { name: "Share" }));
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
  });

  it("says Opportunity Not Found for an unknown or malformed id", async () => {
    stubDetail(sampleStudent, sampleOpportunity());
    const router = renderApp("/opportunity/404");
    expect(await screen.findByRole("heading", { name: "Opportunity Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Opportunities" })).toHaveAttribute("href", "/");

    await router.navigate("/opportunity/not-a-number");
    await waitFor(() => expect(router.state.location.pathname).toBe("/opportunity/not-a-number"));
    // The previous page's heading may still be on screen for a moment: query afresh until the new one settles.
    await waitFor(() =>
      expect(screen.getByRole("heading", { name: "Opportunity Not Found" })).toBeInTheDocument(),
    );
  });
});

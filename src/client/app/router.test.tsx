import { TOAST_REGION } from "@client/testing/render-app";
import type { CurrentUser } from "@shared/contract/auth";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentUserQuery } from "../features/auth/api";
import { createQueryClient } from "../lib/query-client";
import { renderApp, sampleAdmin, sampleStudent, stubServer } from "../testing/render-app";
import { prepareFirstScreen } from "./router";

/** The session lookup, plus a sign-in that turns the visitor into `userAfterLogin`. */
function stubSession(initialUser: CurrentUser | null, userAfterLogin: CurrentUser | null = null) {
  let user = initialUser;
  stubServer({
    currentUser: () => user,
    handle: (url, init) => {
      if (url !== "/api/login" || init.method !== "POST" || !userAfterLogin) return undefined;
      user = userAfterLogin;
      return Response.json({ user, message: "Signed in" });
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("route guards", () => {
  it("sends a visitor at a signed-in route to /login and back after signing in", async () => {
    stubSession(null, sampleStudent);
    const router = renderApp("/leaderboard");

    await screen.findByRole("heading", { name: "Sign in to Seva" });
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.search).toBe("?next=%2Fleaderboard");

    const user = userEvent.setup();
    // The form shows once the server has said which ways in it offers.
    await user.type(await screen.findByLabelText("E-mail"), sampleStudent.email);
    await user.type(screen.getByLabelText("Password"), "SevaStudent#2024");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    await screen.findByRole("heading", { name: "Leaderboard" });
    expect(router.state.location.pathname).toBe("/leaderboard");
  });

  it("takes an admin who signs in to /admin, and one who is signed in already from /login to home", async () => {
    stubSession(null, sampleAdmin);
    const router = renderApp("/login");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), sampleAdmin.email);
    await user.type(screen.getByLabelText("Password"), "SevaAdmin#2024");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await screen.findByRole("heading", { name: "Admin Dashboard" });
    expect(router.state.location.pathname).toBe("/admin");

    await router.navigate("/login");
    await screen.findByRole("heading", { name: "Welcome back, Meera!" });
    expect(router.state.location.pathname).toBe("/");
  });

  it("tells a student that admin screens are off limits, then goes home", async () => {
    stubSession(sampleStudent);
    const router = renderApp("/admin/analytics");

    const notifications = screen.getByRole("region", TOAST_REGION);
    expect(await within(notifications).findByText("Access Denied")).toBeInTheDocument();
    expect(within(notifications).getByText("Admin access required. Redirecting...")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Analytics" })).not.toBeInTheDocument();

    await waitFor(() => expect(router.state.location.pathname).toBe("/"), { timeout: 2000 });
    await screen.findByRole("heading", { name: "Welcome back, Asha!" });
  });

  it("sends an admin who opens /dashboard to /admin instead of a blank page", async () => {
    stubSession(sampleAdmin);
    const router = renderApp("/dashboard");
    await screen.findByRole("heading", { name: "Admin Dashboard" });
    expect(router.state.location.pathname).toBe("/admin");
  });

  it("shows the 404 page with the developer hint for an unknown path", async () => {
    stubSession(null);
    renderApp("/no/such/page");
    await screen.findByRole("heading", { name: "404 Page Not Found" });
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeInTheDocument();
  });
});

describe("top navigation", () => {
  it("shows students their dashboard link and coins, not the admin link", async () => {
    stubSession(sampleStudent);
    renderApp("/");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    // 'Opportunities' leads to the full list; home keeps its trending teaser.
    const opportunities = within(nav).getByRole("link", { name: "Opportunities" });
    expect(opportunities).toHaveAttribute("href", "/opportunities");
    expect(opportunities).not.toHaveAttribute("aria-current");
    expect(within(nav).getByRole("link", { name: "My Dashboard" })).toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Admin" })).not.toBeInTheDocument();
    expect(screen.getByText("120 coins")).toBeInTheDocument();
  });

  it("highlights Opportunities on the list and keeps its filters from the address", async () => {
    stubSession(sampleStudent);
    renderApp("/opportunities?search=maths&skills=Music&hasRoom=true");
    await screen.findByRole("heading", { name: "Find Opportunities" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Opportunities" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("searchbox", { name: "Search opportunities" })).toHaveValue("maths");
  });

  it("shows admins the admin link and does not highlight Opportunities on admin screens", async () => {
    stubSession(sampleAdmin);
    renderApp("/admin");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Admin" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Opportunities" })).not.toHaveAttribute("aria-current");
    expect(within(nav).queryByRole("link", { name: "My Dashboard" })).not.toBeInTheDocument();
    // Coins are a student's: no counter in an admin's header.
    expect(
      within(screen.getAllByRole("banner")[0] as HTMLElement).queryByText(/coins$/),
    ).not.toBeInTheDocument();
  });

  it("offers visitors a Sign In link", async () => {
    stubSession(null);
    renderApp("/");
    expect(await screen.findByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
  });
});

describe("prepareFirstScreen", () => {
  it("knows the current user before the first render", async () => {
    stubSession(sampleAdmin);
    window.history.replaceState(null, "", "/admin");
    const queryClient = createQueryClient();
    await prepareFirstScreen(queryClient);
    expect(queryClient.getQueryData(currentUserQuery.queryKey)).toEqual(sampleAdmin);
    window.history.replaceState(null, "", "/");
  });

  it("starts the admin dashboard's requests before the first render, and the dashboard reuses them", async () => {
    const fetchMock = stubServer({
      currentUser: () => sampleAdmin,
      handle: (url) =>
        url.startsWith("/api/admin/") ? Response.json([], { headers: { "X-Total-Count": "0" } }) : undefined,
    });
    const adminRequests = () =>
      fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith("/api/admin/"));
    window.history.replaceState(null, "", "/admin");
    const queryClient = createQueryClient();
    await prepareFirstScreen(queryClient);
    window.history.replaceState(null, "", "/");
    // Both queues' first pages, recently completed work, the active opportunities and the administrators.
    const prefetched = adminRequests();
    expect(prefetched).toHaveLength(5);
    expect(prefetched.filter((url) => url.startsWith("/api/admin/applications?"))).toHaveLength(3);
    expect(prefetched.filter((url) => url.startsWith("/api/admin/opportunities?"))).toHaveLength(1);

    // On a fast network the answers are in before the screen mounts.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    renderApp("/admin", queryClient);
    await screen.findByText("No pending applications");
    await screen.findByText("No active opportunities");
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // Opening the screen asked for nothing it already had (useRefreshOnVisit leaves what was just loaded).
    expect(adminRequests()).toEqual(prefetched);
  });

  it("starts no admin request for a student who opens /admin", async () => {
    const fetchMock = stubServer({ currentUser: () => sampleStudent });
    window.history.replaceState(null, "", "/admin");
    await prepareFirstScreen(createQueryClient());
    window.history.replaceState(null, "", "/");
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/auth/user"]);
  });

  it("lets the app render after a second when the answer does not come", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    let isDone = false;
    const done = prepareFirstScreen(createQueryClient()).then(() => {
      isDone = true;
    });
    await vi.advanceTimersByTimeAsync(900);
    expect(isDone).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    await done;
    expect(isDone).toBe(true);
    vi.useRealTimers();
  });
});

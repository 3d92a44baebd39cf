// First run (ADR 0025): greeting, the temporary-password prompt, the tour on the landing page, the sign-in
// page's errors and context.
import type { CurrentUser } from "@shared/contract/auth";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp, sampleStudent, stubServer } from "../testing/render-app";

const newcomer: CurrentUser = { ...sampleStudent, id: 7, firstName: "Tara", coins: 0, firstSignIn: true };

/** A student with no applications and an empty feed; `user` may change as calls succeed. */
function stubNewcomer(initial: CurrentUser) {
  let user: CurrentUser | null = initial;
  const fetchMock = stubServer({
    currentUser: () => user,
    handle: (url, init) => {
      if (url.startsWith("/api/applications/user/")) return Response.json([]);
      if (url.startsWith("/api/opportunities")) return Response.json({ opportunities: [], total: 0 });
      if (url === "/api/auth/password/skip" && init.method === "POST" && user) {
        user = { ...user, passwordPrompt: "none" };
        return Response.json(user);
      }
      return undefined;
    },
  });
  return { fetchMock, setUser: (next: CurrentUser | null) => (user = next) };
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("a newcomer's first arrival", () => {
  it("says 'Welcome', not 'Welcome back', and opens the three-step tour where the student lands", async () => {
    stubNewcomer(newcomer);
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Tara!" })).toBeInTheDocument();
    const tour = await screen.findByRole("dialog", { name: "Welcome to Seva!" });
    expect(tour).toHaveTextContent("Step 1 of 3");

    const user = userEvent.setup();
    await user.click(within(tour).getByRole("button", { name: "Skip" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Focus goes to the page's main content, not the body.
    await waitFor(() => expect(document.getElementById("main")).toHaveFocus());
  });

  it("does not open the tour on the landing page after the first sign-in", async () => {
    stubNewcomer({ ...newcomer, firstSignIn: false });
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Welcome back, Tara!" });
    await screen.findByText("Opportunities Available");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("greets a first sign-in on the dashboard too", async () => {
    stubNewcomer(newcomer);
    renderApp("/dashboard");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Tara!" })).toBeInTheDocument();
  });
});

describe("temporary password prompt", () => {
  it("asks to choose a password and lets the first sign-in skip it", async () => {
    const { fetchMock } = stubNewcomer({ ...newcomer, firstSignIn: false, passwordPrompt: "skippable" });
    renderApp("/leaderboard");
    const prompt = await screen.findByRole("region", { name: "Choose your own password" });
    expect(within(prompt).getByLabelText("Current password")).toBeInTheDocument();
    await userEvent.click(within(prompt).getByRole("button", { name: "Skip for now" }));
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Choose your own password" })).not.toBeInTheDocument(),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/auth/password/skip",
      expect.objectContaining({ method: "POST" }),
    );
  });

  it("asks without a skip once the skip was used", async () => {
    stubNewcomer({ ...newcomer, firstSignIn: false, passwordPrompt: "required" });
    renderApp("/leaderboard");
    const prompt = await screen.findByRole("region", { name: "Choose your own password" });
    expect(within(prompt).getByRole("button", { name: "Change Password" })).toBeInTheDocument();
    expect(within(prompt).queryByRole("button", { name: "Skip for now" })).not.toBeInTheDocument();
  });

  it("asks nothing of a user whose password is their own", async () => {
    stubNewcomer({ ...newcomer, firstSignIn: false });
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Welcome back, Tara!" });
    expect(screen.queryByRole("region", { name: "Choose your own password" })).not.toBeInTheDocument();
  });
});

describe("sign-in page", () => {
  it("says which page a deep link was for", async () => {
    stubServer({ currentUser: () => null });
    renderApp("/opportunity/42");
    expect(
      await screen.findByText("Sign in to view this opportunity. Use your institutional e-mail."),
    ).toBeInTheDocument();
  });

  it("shows a failed sign-in next to the form, and shows the password on request", async () => {
    stubServer({
      currentUser: () => null,
      handle: (url) =>
        url === "/api/login"
          ? Response.json({ message: "Invalid credentials" }, { status: 401, statusText: "Unauthorized" })
          : undefined,
    });
    renderApp("/login");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "nobody@iimb.ac.in");
    await user.type(screen.getByLabelText("Password"), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: "Hide password" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Login failed. Invalid credentials");
  });

  it("shows a taken e-mail next to the registration form", async () => {
    stubServer({
      currentUser: () => null,
      handle: (url) =>
        url === "/api/register"
          ? Response.json(
              { message: "An account with this e-mail address already exists", code: "CONFLICT" },
              { status: 409, statusText: "Conflict" },
            )
          : undefined,
    });
    renderApp("/register");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("First name"), "Tara");
    await user.type(screen.getByLabelText("Last name"), "Menon");
    await user.type(screen.getByLabelText("Institutional e-mail"), "tara@iimb.ac.in");
    await user.selectOptions(screen.getByLabelText("Program"), "PGP");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Registration failed. An account with this e-mail address already exists",
    );
  });
});

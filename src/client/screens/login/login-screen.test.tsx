// The sign-in page's ways in (docs/product-rules.md §13, ADR 0041): the institution's sign-in beside passwords,
// or instead of them, with passwords kept for administrators.
import { renderApp, sampleAdmin, stubServer } from "@client/testing/render-app";
import { answerOptions, signInOptions } from "@client/testing/sign-in-options";
import { SSO_START_PATH } from "@shared/domain/sso";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => vi.unstubAllGlobals());

const microsoft = { name: "Microsoft" };

describe("the sign-in page", () => {
  it("offers only passwords when the institution's sign-in is not configured", async () => {
    stubServer({ currentUser: () => null, handle: answerOptions(signInOptions()) });
    renderApp("/login");
    expect(await screen.findByLabelText("E-mail")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Sign in with/ })).not.toBeInTheDocument();
    expect(screen.queryByText("or")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Forgot password?" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create an account" })).toBeInTheDocument();
  });

  it("puts 'Sign in with <name>' above the password form, a plain link that leaves the app", async () => {
    stubServer({ currentUser: () => null, handle: answerOptions(signInOptions({ sso: microsoft })) });
    renderApp("/login");
    const link = await screen.findByRole("link", { name: "Sign in with Microsoft" });
    expect(link).toHaveAttribute("href", SSO_START_PATH);
    expect(screen.getByText("or")).toBeInTheDocument();
    const email = screen.getByLabelText("E-mail");
    // Above: before the form in the document, so also first in the tab order.
    expect(link.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText("Welcome back. Sign in with your Microsoft account.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Forgot password?" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create an account" })).toBeInTheDocument();
  });

  it("keeps the password form behind a disclosure for administrators when passwords are off", async () => {
    stubServer({
      currentUser: () => null,
      handle: answerOptions(
        signInOptions({ sso: microsoft, passwordLogin: false, registration: "closed", passwordReset: false }),
      ),
    });
    renderApp("/login");
    expect(await screen.findByRole("link", { name: "Sign in with Microsoft" })).toBeInTheDocument();
    const disclosure = screen.getByRole("button", { name: "Administrator sign-in with a password" });
    expect(disclosure).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByLabelText("E-mail")).not.toBeInTheDocument();
    expect(screen.queryByText("or")).not.toBeInTheDocument();

    const user = userEvent.setup();
    disclosure.focus();
    await user.keyboard("{Enter}");
    expect(disclosure).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByLabelText("E-mail")).toBeVisible();
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
      "Only for administrator accounts set up on the server.",
    );
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
    // No password to reset, and no account to make with one.
    expect(screen.queryByRole("link", { name: "Forgot password?" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Create an account" })).not.toBeInTheDocument();

    await user.click(disclosure);
    expect(disclosure).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByLabelText("E-mail")).not.toBeInTheDocument();
  });

  it("signs an administrator in with a password when passwords are off", async () => {
    let signedIn = false;
    stubServer({
      currentUser: () => (signedIn ? sampleAdmin : null),
      handle: (url, init) => {
        if (url === "/api/login" && init.method === "POST") {
          signedIn = true;
          const { id, firstName, lastName, role } = sampleAdmin;
          return Response.json({ user: { id, firstName, lastName, role }, message: "Signed in" });
        }
        return answerOptions(signInOptions({ sso: microsoft, passwordLogin: false, registration: "closed" }))(
          url,
        );
      },
    });
    const router = renderApp("/login?next=%2Fleaderboard");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Administrator sign-in with a password" }));
    await user.type(screen.getByLabelText("E-mail"), "admin@iimb.ac.in");
    await user.type(screen.getByLabelText("Password"), "Break-Glass#2026");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await screen.findByRole("heading", { name: "Leaderboard" });
    expect(router.state.location.pathname).toBe("/leaderboard");
  });
});

// Registration beside the institution's sign-in, which makes the account the first time it is used
// (docs/product-rules.md §13, ADR 0041).
import { renderApp, stubServer } from "@client/testing/render-app";
import { answerOptions, signInOptions } from "@client/testing/sign-in-options";
import { SSO_START_PATH } from "@shared/domain/sso";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => vi.unstubAllGlobals());

const microsoft = { name: "Microsoft" };
const madeOnFirstSignIn = "Your Seva account is made the first time you sign in with Microsoft.";

describe("the registration page", () => {
  it("shows only the form when the institution's sign-in is not configured", async () => {
    stubServer({ currentUser: () => null, handle: answerOptions(signInOptions()) });
    renderApp("/register");
    expect(await screen.findByLabelText("First name")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Sign in with/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/first time you sign in/)).not.toBeInTheDocument();
  });

  it("offers 'Sign in with <name>' above the form, with an 'or' between them", async () => {
    stubServer({ currentUser: () => null, handle: answerOptions(signInOptions({ sso: microsoft })) });
    renderApp("/register");
    const link = await screen.findByRole("link", { name: "Sign in with Microsoft" });
    expect(link).toHaveAttribute("href", SSO_START_PATH);
    expect(screen.getByText(madeOnFirstSignIn)).toBeInTheDocument();
    expect(screen.getByText("or")).toBeInTheDocument();
    const firstName = screen.getByLabelText("First name");
    expect(link.compareDocumentPosition(firstName) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create Account" })).toBeInTheDocument();
  });

  it("shows only the institution's sign-in when passwords are off", async () => {
    stubServer({
      currentUser: () => null,
      handle: answerOptions(signInOptions({ sso: microsoft, passwordLogin: false, registration: "closed" })),
    });
    renderApp("/register");
    expect(await screen.findByRole("link", { name: "Sign in with Microsoft" })).toHaveAttribute(
      "href",
      SSO_START_PATH,
    );
    expect(screen.getByText(madeOnFirstSignIn)).toBeInTheDocument();
    expect(screen.queryByLabelText("First name")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create Account" })).not.toBeInTheDocument();
    expect(screen.queryByText("or")).not.toBeInTheDocument();
    expect(screen.queryByText(/Registration is closed/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  });

  it("still says registration is closed where there is no institution's sign-in", async () => {
    stubServer({ currentUser: () => null, handle: answerOptions(signInOptions({ registration: "closed" })) });
    renderApp("/register");
    expect(
      await screen.findByText("Registration is closed on this server. Ask an administrator for an account."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Sign in with/ })).not.toBeInTheDocument();
  });
});

// The page that says why the institution's sign-in was refused (ADR 0041): each reason's text, the provider's name,
// the accepted domains, and the ways back.
import { renderApp, sampleStudent, stubServer } from "@client/testing/render-app";
import { answerOptions, signInOptions } from "@client/testing/sign-in-options";
import type { SignInOptions } from "@shared/contract/auth";
import { SSO_REFUSALS, SSO_START_PATH, ssoRefusalText } from "@shared/domain/sso";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => vi.unstubAllGlobals());

const withMicrosoft = signInOptions({ sso: { name: "Microsoft" }, emailDomains: ["iimb.ac.in", "iimb.edu"] });

function visit(path: string, options: SignInOptions = withMicrosoft, signedIn = false) {
  stubServer({ currentUser: () => (signedIn ? sampleStudent : null), handle: answerOptions(options) });
  renderApp(path);
}

describe("the sign-in refused page", () => {
  it.each(SSO_REFUSALS)("explains the reason '%s' with the provider's name", async (reason) => {
    visit(`/sign-in/refused?reason=${reason}`);
    const { title, message } = ssoRefusalText(reason, "Microsoft", ["iimb.ac.in", "iimb.edu"]);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", SSO_START_PATH);
    expect(screen.getByRole("link", { name: "Back to Sign In" })).toHaveAttribute("href", "/login");
  });

  it("names the accepted domains when the account's domain is refused", async () => {
    visit("/sign-in/refused?reason=domain");
    expect(
      await screen.findByRole("heading", { name: "This account is not one Seva accepts" }),
    ).toBeVisible();
    expect(screen.getByText(/institutional e-mail addresses only \(iimb\.ac\.in, iimb\.edu\)/)).toBeVisible();
  });

  it("reads an unknown or missing reason as the provider's failure", async () => {
    visit("/sign-in/refused?reason=<script>");
    expect(await screen.findByRole("heading", { name: "Microsoft could not sign you in" })).toBeVisible();
  });

  it("reads a missing reason the same way", async () => {
    visit("/sign-in/refused");
    expect(await screen.findByRole("heading", { name: "Microsoft could not sign you in" })).toBeVisible();
  });

  it("offers no 'Try Again' without the institution's sign-in, and names no provider it does not know", async () => {
    visit("/sign-in/refused?reason=unavailable", signInOptions());
    expect(await screen.findByRole("heading", { name: "Sign-in is not available" })).toBeVisible();
    expect(screen.getByText(/Signing in with your institution is not set up on this server/)).toBeVisible();
    expect(screen.queryByRole("link", { name: "Try Again" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Sign In" })).toHaveAttribute("href", "/login");
  });

  it("starts the heading with a capital when the provider is unknown", async () => {
    visit("/sign-in/refused?reason=provider", signInOptions());
    expect(
      await screen.findByRole("heading", { name: "Your institution could not sign you in" }),
    ).toBeVisible();
  });

  it("still explains to someone who is signed in", async () => {
    visit("/sign-in/refused?reason=cancelled", withMicrosoft, true);
    expect(await screen.findByRole("heading", { name: "Sign-in cancelled" })).toBeVisible();
    expect(
      screen.getByText("Microsoft did not sign you in, so Seva did not either. Nothing was changed."),
    ).toBeVisible();
  });
});

import { renderApp, stubServer } from "@client/testing/render-app";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => vi.unstubAllGlobals());

describe("sign-in form", () => {
  it("offers 'Forgot password?' after the password, by keyboard, and hands over the typed e-mail", async () => {
    stubServer({ currentUser: () => null });
    const router = renderApp("/login");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "kavya.nair@iimb.ac.in");
    await user.tab();
    expect(screen.getByLabelText("Password")).toHaveFocus();
    await user.tab(); // Show password
    await user.tab();
    const link = screen.getByRole("link", { name: "Forgot password?" });
    expect(link).toHaveFocus();
    expect(link).toHaveAttribute("href", "/forgot-password");

    await user.keyboard("{Enter}");
    expect(await screen.findByLabelText("Institutional e-mail")).toHaveValue("kavya.nair@iimb.ac.in");
    expect(router.state.location.pathname).toBe("/forgot-password");
  });

  it("leaves out 'Create an account' when registration is closed", async () => {
    stubServer({
      currentUser: () => null,
      handle: (url) =>
        url === "/api/auth/options"
          ? Response.json({ registration: "closed", passwordReset: false })
          : undefined,
    });
    renderApp("/login");
    expect(await screen.findByRole("link", { name: "Forgot password?" })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.queryByRole("link", { name: "Create an account" })).not.toBeInTheDocument(),
    );
  });
});

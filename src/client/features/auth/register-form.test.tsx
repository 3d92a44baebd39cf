import { renderApp, stubServer, TOAST_REGION } from "@client/testing/render-app";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

async function fillAndSubmit(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("First name"), "Kavya");
  await user.type(screen.getByLabelText("Last name"), "Nair");
  await user.type(screen.getByLabelText("Institutional e-mail"), email);
  await user.selectOptions(screen.getByLabelText("Program"), "PGPBA");
  await user.click(screen.getByRole("button", { name: "Create Account" }));
}

afterEach(() => vi.unstubAllGlobals());

describe("registration", () => {
  it("sends a student registration and shows the temporary password once", async () => {
    const fetchMock = stubServer({
      currentUser: () => null,
      handle: (url) =>
        url === "/api/register"
          ? Response.json({ tempPassword: "plum-river-42-kite", message: "Account created" }, { status: 201 })
          : undefined,
    });
    renderApp("/register");
    await fillAndSubmit("kavya.nair@iimb.ac.in");

    expect(await screen.findByText("plum-river-42-kite")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy temporary password" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Sign In" })).toHaveAttribute("href", "/login");
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/register");
    expect(JSON.parse(String(call?.[1].body))).toEqual({
      firstName: "Kavya",
      lastName: "Nair",
      email: "kavya.nair@iimb.ac.in",
      program: "PGPBA",
      role: "student",
    });
    const notifications = screen.getByRole("region", TOAST_REGION);
    expect(within(notifications).getByText("Registration Successful!")).toBeInTheDocument();
  });

  it("points to the inbox, and shows no password, when the server e-mailed it", async () => {
    const message =
      "Account created. We have e-mailed your temporary password to kavya.nair@iimb.ac.in. Check your inbox (and your spam folder), then sign in with it.";
    stubServer({
      currentUser: () => null,
      handle: (url) => (url === "/api/register" ? Response.json({ message }, { status: 201 }) : undefined),
    });
    renderApp("/register");
    await fillAndSubmit("kavya.nair@iimb.ac.in");

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByTestId("temp-password")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Copy temporary password" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Sign In" })).toHaveAttribute("href", "/login");
  });

  it("shows the server's field errors under the fields and its message in a toast", async () => {
    const message = "Registration is open to institutional e-mail addresses only (iimb.ac.in).";
    stubServer({
      currentUser: () => null,
      handle: (url) =>
        url === "/api/register"
          ? Response.json(
              { message, fieldErrors: { email: [message] } },
              { status: 400, statusText: "Bad Request" },
            )
          : undefined,
    });
    renderApp("/register");
    await fillAndSubmit("kavya@gmail.com");

    const email = screen.getByLabelText("Institutional e-mail");
    await vi.waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription(expect.stringContaining(message));
    const notifications = screen.getByRole("region", TOAST_REGION);
    expect(within(notifications).getByText("Registration Failed")).toBeInTheDocument();
  });
});

describe("registration closed", () => {
  it("says to ask an administrator instead of showing the form", async () => {
    stubServer({
      currentUser: () => null,
      handle: (url) =>
        url === "/api/auth/options"
          ? Response.json({ registration: "closed", passwordReset: false })
          : undefined,
    });
    renderApp("/register");

    expect(
      await screen.findByText("Registration is closed on this server. Ask an administrator for an account."),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("First name")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create Account" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Sign In" })).toHaveAttribute("href", "/login");
  });
});

import { renderApp, stubServer, TOAST_REGION } from "@client/testing/render-app";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

const sent =
  "If an account uses kavya.nair@iimb.ac.in, we have e-mailed it a link to set a new password. It works once, for 30 minutes.";

function options(passwordReset: boolean) {
  return (url: string) =>
    url === "/api/auth/options" ? Response.json({ registration: "email", passwordReset }) : undefined;
}

afterEach(() => vi.unstubAllGlobals());

describe("forgot password", () => {
  it("sends the e-mail and shows the server's answer, with the way back to sign in", async () => {
    const fetchMock = stubServer({
      currentUser: () => null,
      handle: (url) =>
        url === "/api/auth/forgot-password" ? Response.json({ message: sent }) : options(true)(url),
    });
    renderApp("/forgot-password");
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { name: "Reset your password" })).toBeInTheDocument();
    await user.type(await screen.findByLabelText("Institutional e-mail"), "kavya.nair@iimb.ac.in");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));

    expect(await screen.findByRole("status")).toHaveTextContent(sent);
    expect(screen.queryByRole("button", { name: "Send Reset Link" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Sign In" })).toHaveAttribute("href", "/login");
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/auth/forgot-password");
    expect(call?.[1].method).toBe("POST");
    expect(JSON.parse(String(call?.[1].body))).toEqual({ email: "kavya.nair@iimb.ac.in" });
  });

  it("shows the server's message next to the form when there were too many requests", async () => {
    const message = "Too many reset requests. Try again in 15 minutes.";
    stubServer({
      currentUser: () => null,
      handle: (url) =>
        url === "/api/auth/forgot-password"
          ? Response.json({ message }, { status: 429, statusText: "Too Many Requests" })
          : options(true)(url),
    });
    renderApp("/forgot-password");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Institutional e-mail"), "kavya.nair@iimb.ac.in");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("button", { name: "Send Reset Link" })).toBeEnabled();
    const notifications = screen.getByRole("region", TOAST_REGION);
    expect(within(notifications).getByText("Reset Link Not Sent")).toBeInTheDocument();
  });

  it("shows the server's field error under the e-mail", async () => {
    const message = "Enter a valid e-mail address";
    stubServer({
      currentUser: () => null,
      handle: (url) =>
        url === "/api/auth/forgot-password"
          ? Response.json(
              { message: "Invalid request", fieldErrors: { email: [message] } },
              { status: 400, statusText: "Bad Request" },
            )
          : options(true)(url),
    });
    renderApp("/forgot-password");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Institutional e-mail"), "kavya@iimb");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));

    const email = screen.getByLabelText("Institutional e-mail");
    await vi.waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it("says to ask an administrator when the server sends no e-mail", async () => {
    const fetchMock = stubServer({ currentUser: () => null, handle: options(false) });
    renderApp("/forgot-password");

    expect(
      await screen.findByText(
        "Password reset needs e-mail, which this server does not send. Ask an administrator for help.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("Institutional e-mail")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Sign In" })).toHaveAttribute("href", "/login");
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/auth/forgot-password")).toBe(false);
  });
});

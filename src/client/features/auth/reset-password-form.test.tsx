import { renderApp, sampleStudent, stubServer, TOAST_REGION } from "@client/testing/render-app";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

const token = "Qx7_kP2-vL9mZr4TnW8yB3cH6dF1gJ5sA0eU7iO2pXw";
const checkUrl = "/api/auth/reset-password/check";
const resetUrl = "/api/auth/reset-password";
const changed = "Your password has been changed. Every session of your account has ended: sign in again.";
const gone = "This link has been used or has expired. Ask for a new one.";

function bodyOf(fetchMock: ReturnType<typeof stubServer>, wanted: string): unknown {
  const call = fetchMock.mock.calls.find(([url]) => url === wanted);
  return call ? JSON.parse(String(call[1].body)) : undefined;
}

async function choose(newPassword: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("New password"), newPassword);
  await user.type(screen.getByLabelText("Confirm new password"), confirmation);
  await user.click(screen.getByRole("button", { name: "Set New Password" }));
}

afterEach(() => vi.unstubAllGlobals());

describe("reset password", () => {
  it("reads the link's token, takes it out of the address, checks it, sets the password and signs out", async () => {
    // Signed in as the same account in this browser: the reset ends that session too.
    let isSignedIn = true;
    const fetchMock = stubServer({
      currentUser: () => (isSignedIn ? sampleStudent : null),
      handle: (url) => {
        if (url === checkUrl) return Response.json({ email: sampleStudent.email });
        if (url !== resetUrl) return undefined;
        isSignedIn = false;
        return Response.json({ message: changed });
      },
    });
    const router = renderApp(`/reset-password#token=${token}`);

    expect(await screen.findByRole("heading", { name: "Choose a new password" })).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.hash).toBe(""));
    expect(router.state.location.pathname).toBe("/reset-password");
    expect(await screen.findByText(`for ${sampleStudent.email}`)).toBeInTheDocument();
    expect(bodyOf(fetchMock, checkUrl)).toEqual({ token });
    const username = document.querySelector('input[autocomplete="username"]');
    expect(username).toHaveValue(sampleStudent.email);
    expect(screen.getByLabelText("New password")).toHaveAccessibleDescription("At least 10 characters");

    await choose("violet-harbour-77", "violet-harbour-77");

    expect(await screen.findByLabelText("E-mail")).toHaveValue(sampleStudent.email);
    expect(router.state.location.pathname).toBe("/login");
    expect(bodyOf(fetchMock, resetUrl)).toEqual({ token, newPassword: "violet-harbour-77" });
    const notifications = screen.getByRole("region", TOAST_REGION);
    expect(within(notifications).getByText("Password Changed")).toBeInTheDocument();
    expect(within(notifications).getByText(changed)).toBeInTheDocument();
  });

  it("says when the confirmation differs, and sends nothing", async () => {
    const fetchMock = stubServer({
      currentUser: () => null,
      handle: (url) => (url === checkUrl ? Response.json({ email: "kavya.nair@iimb.ac.in" }) : undefined),
    });
    renderApp(`/reset-password#token=${token}`);
    await choose("violet-harbour-77", "violet-harbour-78");

    const confirmation = screen.getByLabelText("Confirm new password");
    await vi.waitFor(() => expect(confirmation).toHaveAttribute("aria-invalid", "true"));
    expect(confirmation).toHaveAccessibleDescription("The passwords do not match");
    expect(fetchMock.mock.calls.some(([url]) => url === resetUrl)).toBe(false);
  });

  it("shows the server's complaint about the new password under it", async () => {
    const message = "This password is too common. Choose another one.";
    stubServer({
      currentUser: () => null,
      handle: (url) => {
        if (url === checkUrl) return Response.json({ email: "kavya.nair@iimb.ac.in" });
        if (url !== resetUrl) return undefined;
        return Response.json(
          { message, fieldErrors: { newPassword: [message] } },
          { status: 400, statusText: "Bad Request" },
        );
      },
    });
    renderApp(`/reset-password#token=${token}`);
    await choose("password1234", "password1234");

    const newPassword = screen.getByLabelText("New password");
    await vi.waitFor(() => expect(newPassword).toHaveAttribute("aria-invalid", "true"));
    expect(newPassword).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.queryByText("This link no longer works")).not.toBeInTheDocument();
  });

  it("says the link no longer works when the check refuses it, and offers a new one", async () => {
    stubServer({
      currentUser: () => null,
      handle: (url) =>
        url === checkUrl
          ? Response.json({ message: gone }, { status: 400, statusText: "Bad Request" })
          : undefined,
    });
    const router = renderApp(`/reset-password#token=${token}`);

    expect(await screen.findByRole("heading", { name: "This link no longer works" })).toBeInTheDocument();
    expect(screen.getByText(gone)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Request a New Link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    await vi.waitFor(() => expect(router.state.location.hash).toBe(""));
  });

  it("says the link no longer works when it was used up before the new password was sent", async () => {
    stubServer({
      currentUser: () => null,
      handle: (url) => {
        if (url === checkUrl) return Response.json({ email: "kavya.nair@iimb.ac.in" });
        if (url !== resetUrl) return undefined;
        return Response.json({ message: gone }, { status: 400, statusText: "Bad Request" });
      },
    });
    renderApp(`/reset-password#token=${token}`);
    await choose("violet-harbour-77", "violet-harbour-77");

    expect(await screen.findByRole("heading", { name: "This link no longer works" })).toHaveFocus();
    expect(screen.getByText(gone)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Request a New Link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });

  it("shows the same card, without asking the server, for a link without a token", async () => {
    const fetchMock = stubServer({ currentUser: () => null });
    renderApp("/reset-password");

    expect(await screen.findByRole("heading", { name: "This link no longer works" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Request a New Link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(fetchMock.mock.calls.some(([url]) => url === checkUrl)).toBe(false);
  });
});

import { sampleStudent, stubServer } from "@client/testing/render-app";
import { renderWithProviders, toastText } from "@client/testing/render-with-providers";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CalendarFeedSettings } from "./calendar-feed-settings";

const FIRST = `https://seva.example/calendar/${"a".repeat(32)}.ics`;
const SECOND = `https://seva.example/calendar/${"b".repeat(32)}.ics`;

function serve() {
  let url = FIRST;
  return stubServer({
    currentUser: () => sampleStudent,
    handle: (path, init) => {
      if (path === "/api/calendar/feed") return Response.json({ url });
      if (path === "/api/calendar/feed/reset" && init.method === "POST") {
        url = SECOND;
        return Response.json({ url });
      }
      return undefined;
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("the calendar feed block", () => {
  it("shows the https and webcal addresses and copies the link", async () => {
    serve();
    // user-event stands in for the clipboard.
    const user = userEvent.setup();
    renderWithProviders(<CalendarFeedSettings />);
    expect(await screen.findByLabelText("Feed link")).toHaveValue(FIRST);
    expect(screen.getByRole("link", { name: "the webcal:// link" })).toHaveAttribute(
      "href",
      `webcal://seva.example/calendar/${"a".repeat(32)}.ics`,
    );
    await user.click(screen.getByRole("button", { name: "Copy Link" }));
    expect(await navigator.clipboard.readText()).toBe(FIRST);
  });

  it("asks before resetting, then shows the new link", async () => {
    const fetchMock = serve();
    renderWithProviders(<CalendarFeedSettings />);
    const user = userEvent.setup();
    await screen.findByLabelText("Feed link");
    await user.click(screen.getByRole("button", { name: "Reset Link" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent(/stops working at once/);
    expect(fetchMock.mock.calls.some(([path]) => path === "/api/calendar/feed/reset")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Reset Link" }));
    await waitFor(() => expect(screen.getByLabelText("Feed link")).toHaveValue(SECOND));
    expect(toastText()).toMatch(/old link no longer works/);
  });
});

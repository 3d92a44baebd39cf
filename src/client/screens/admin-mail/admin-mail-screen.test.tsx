import { sampleAdmin, stubServer } from "@client/testing/render-app";
import { renderWithProviders } from "@client/testing/render-with-providers";
import type { MailLogEntry } from "@shared/contract/mail";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import AdminMailScreen from "./admin-mail-screen";

const entry = (overrides: Partial<MailLogEntry>): MailLogEntry => ({
  id: 1,
  to: "asha.rao@iimb.ac.in",
  subject: "Application received",
  kind: "application_received",
  category: "applications",
  status: "sent",
  attempts: 1,
  lastError: null,
  createdAt: "2026-11-25T03:00:00.000Z",
  sentAt: "2026-11-25T03:00:01.000Z",
  nextAttemptAt: "2026-11-25T03:00:00.000Z",
  ...overrides,
});

const messages = [
  entry({ id: 3, status: "failed", attempts: 27, lastError: "550 mailbox unavailable", sentAt: null }),
  entry({ id: 2, status: "pending", attempts: 2, lastError: "451 try later", sentAt: null }),
  entry({ id: 1 }),
];

function serve(mailConfigured: boolean) {
  return stubServer({
    currentUser: () => sampleAdmin,
    handle: (url) => {
      if (url.startsWith("/api/admin/mail?")) {
        const status = new URL(url, "http://x").searchParams.get("status");
        const shown = messages.filter((message) => !status || message.status === status);
        return Response.json({ mailConfigured, total: shown.length, messages: shown });
      }
      const one = url.match(/^\/api\/admin\/mail\/(\d+)$/);
      if (one) {
        const message = messages.find((candidate) => candidate.id === Number(one[1]));
        return Response.json({
          ...message,
          text: "Application received\n\nOpen your dashboard",
          html: "<p>Hi</p>",
        });
      }
      return undefined;
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("the mail log", () => {
  it("lists messages with their status, filters the failed ones and shows a message's text and HTML", async () => {
    const fetchMock = serve(true);
    renderWithProviders(<AdminMailScreen />);
    const list = await screen.findByRole("list", { name: "Messages" });
    expect(within(list).getByText("Failed")).toBeInTheDocument();
    expect(within(list).getByText("Waiting")).toBeInTheDocument();
    expect(within(list).getByText("Sent")).toBeInTheDocument();
    expect(screen.getByText("Last error: 550 mailbox unavailable")).toBeInTheDocument();
    expect(screen.queryByText(/Mail is not configured/)).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Failed only" }));
    expect(await screen.findByText("1–1 of 1 message")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("status=failed"))).toBe(true);

    await user.click(screen.getByRole("button", { name: /^View message/ }));
    const htmlPart = await screen.findByTitle("HTML part of “Application received”");
    expect(htmlPart).toHaveAttribute("sandbox", "");
    expect(htmlPart).toHaveAttribute("srcdoc", "<p>Hi</p>");
    expect(screen.getByText(/Open your dashboard/).tagName).toBe("PRE");
  });

  it("says when mail is not configured, and names those messages 'Not sent'", async () => {
    messages.splice(0, messages.length, entry({ id: 9, status: "not_sent", attempts: 0, sentAt: null }));
    serve(false);
    renderWithProviders(<AdminMailScreen />);
    expect(await screen.findByText("Mail is not configured")).toBeInTheDocument();
    expect(
      within(await screen.findByRole("list", { name: "Messages" })).getByText("Not sent: no mail server"),
    ).toBeInTheDocument();
  });
});

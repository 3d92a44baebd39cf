import { renderWithProviders, toastText } from "@client/testing/render-with-providers";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResendVerificationButton } from "./resend-verification-button";

afterEach(() => vi.unstubAllGlobals());

function stubResend(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("ResendVerificationButton", () => {
  it("e-mails the supervisor again and says so", async () => {
    const fetchMock = stubResend(Response.json({ message: "Priya Menon was e-mailed a new link" }));
    renderWithProviders(<ResendVerificationButton applicationId={41} supervisorName="Priya Menon" />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Resend to Supervisor (Priya Menon)" }));
    await waitFor(() => expect(toastText()).toContain("Sent to Supervisor"));
    expect(toastText()).toContain("Priya Menon was e-mailed a new link");
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/applications/41/hours/resend-verification",
      expect.objectContaining({ method: "POST" }),
    );
  });

  it("shows the server's message as it is when sent less than a day ago (429)", async () => {
    const message = "You can send the link again after 26 Nov 2026, 10:15";
    stubResend(Response.json({ message }, { status: 429, statusText: "Too Many Requests" }));
    renderWithProviders(<ResendVerificationButton applicationId={41} supervisorName={null} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Resend to Supervisor" }));
    await waitFor(() => expect(toastText()).toContain(message));
  });
});

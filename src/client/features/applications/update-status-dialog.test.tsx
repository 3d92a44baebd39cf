import { renderWithProviders, toastText } from "@client/testing/render-with-providers";
import type { ApplicationStatus } from "@shared/domain/enums";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseHalfHours, statusChoices, UpdateStatusDialog } from "./update-status-dialog";

const opportunity = { coinsPerHour: 20, maxCoins: 50 };

async function openFor(status: ApplicationStatus) {
  const user = userEvent.setup();
  renderWithProviders(
    <UpdateStatusDialog
      application={{ id: 5, status, coinsAwarded: 0, notes: null }}
      applicantName="Asha Rao"
      opportunity={opportunity}
    />,
  );
  await user.click(await screen.findByRole("button", { name: "Update application of Asha Rao" }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Update Application Status" }) };
}

function optionsOf(dialog: HTMLElement): string[] {
  return within(dialog)
    .getAllByRole("option")
    .map((option) => option.textContent ?? "");
}

afterEach(() => vi.unstubAllGlobals());

describe("statusChoices", () => {
  it("offers only the transitions an admin may make", () => {
    expect(statusChoices("pending")).toEqual(["accepted", "rejected"]);
    expect(statusChoices("rejected")).toEqual(["accepted"]);
    expect(statusChoices("accepted")).toEqual(["rejected", "completed"]);
    expect(statusChoices("hours_approved")).toEqual(["completed"]);
    expect(statusChoices("hours_submitted")).toEqual([]);
    expect(statusChoices("completed")).toEqual([]);
  });
});

describe("parseHalfHours", () => {
  it("accepts hours from 0 in steps of 0.5", () => {
    expect(parseHalfHours("0")).toBe(0);
    expect(parseHalfHours("2.5")).toBe(2.5);
    for (const text of ["", "-1", "1.25", "abc"]) expect(parseHalfHours(text)).toBeNull();
  });
});

describe("UpdateStatusDialog", () => {
  it.each([
    ["pending", ["Accepted", "Rejected"]],
    ["rejected", ["Accepted"]],
    ["accepted", ["Rejected", "Completed"]],
    ["hours_approved", ["Completed"]],
  ] as const)("lists the allowed statuses for %s", async (status, labels) => {
    const { dialog } = await openFor(status);
    expect(optionsOf(dialog)).toEqual(labels);
  });

  it("explains that completed work is final and offers no change", async () => {
    const { dialog } = await openFor("completed");
    expect(within(dialog).getByText(/Completed work is final/)).toBeInTheDocument();
    expect(within(dialog).queryByRole("combobox")).not.toBeInTheDocument();
  });

  it("asks for hours, coins and feedback to complete, suggesting coins within the cap", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({
        application: { id: 5 },
        coinsAwarded: 40,
        capped: false,
        badgesEarned: ["Helping Hand"],
        message: "Application completed: 40 coins awarded",
      }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { user, dialog } = await openFor("accepted");
    await user.selectOptions(within(dialog).getByLabelText("New status"), "completed");

    const hours = within(dialog).getByLabelText("Hours completed");
    const coins = within(dialog).getByLabelText("Coins awarded");
    expect(hours).toHaveValue(1);
    expect(coins).toHaveValue(20);
    await user.clear(hours);
    await user.type(hours, "4");
    expect(coins).toHaveValue(50);
    await user.clear(hours);
    await user.type(hours, "2");
    expect(coins).toHaveValue(40);

    const submit = within(dialog).getByRole("button", { name: "Update Status" });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Feedback for the student"), "   ");
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Feedback for the student"), "Wonderful sessions");
    expect(submit).toBeEnabled();
    await user.click(submit);

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/applications/5/status");
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toEqual({
      status: "completed",
      notes: null,
      coinsAwarded: 40,
      hoursCompleted: 2,
      adminFeedback: "Wonderful sessions",
    });
    expect(toastText()).toContain("Application status updated successfully");
    expect(toastText()).toContain("Badge earned: Helping Hand");
  });

  it("sends only status and notes for other changes, and shows the server's refusal", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ message: "Cannot change an application from completed to rejected" }, { status: 409 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { user, dialog } = await openFor("accepted");
    await user.type(within(dialog).getByLabelText("Notes (optional)"), "No longer available");
    await user.click(within(dialog).getByRole("button", { name: "Update Status" }));

    await waitFor(() => expect(toastText()).toContain("Failed to update application status"));
    expect(toastText()).toContain("Cannot change an application from completed to rejected");
    const statusCall = fetchMock.mock.calls.find(([url]) => url === "/api/applications/5/status");
    expect(JSON.parse(String(statusCall?.[1].body))).toEqual({
      status: "rejected",
      notes: "No longer available",
    });
  });
});

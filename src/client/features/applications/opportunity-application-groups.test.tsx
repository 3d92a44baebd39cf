import { renderWithProviders, toastText } from "@client/testing/render-with-providers";
import type { OpportunityApplication } from "@shared/contract/applications";
import type { ApplicationStatus } from "@shared/domain/enums";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OpportunityApplicationGroups } from "./opportunity-application-groups";

const opportunity = { id: 3, title: "Beach clean-up", coinsPerHour: 15, maxCoins: 300 };

function application(id: number, status: ApplicationStatus, firstName: string): OpportunityApplication {
  return {
    id,
    userId: id + 100,
    opportunityId: opportunity.id,
    status,
    appliedAt: "2026-11-20T09:30:00.000Z",
    completedAt: null,
    notes: null,
    coinsAwarded: 0,
    hoursCompleted: 0,
    submittedHours: status === "hours_submitted" ? 4 : 0,
    hourSubmissionDate: null,
    adminFeedback: null,
    user: { firstName, lastName: "Rao", email: `${firstName.toLowerCase()}@iimb.ac.in` },
  };
}

function stubServer(applications: OpportunityApplication[]) {
  const fetchMock = vi.fn(async (url: string, _init: RequestInit) => {
    if (url === `/api/applications/opportunity/${opportunity.id}`) return Response.json(applications);
    return Response.json({
      application: applications[0],
      coinsAwarded: 60,
      capped: false,
      badgesEarned: [],
      message: "Hours approved: 60 coins awarded",
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const decisionCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.filter(([, init]) => init.method !== "GET" && init.method !== undefined);

afterEach(() => vi.unstubAllGlobals());

describe("OpportunityApplicationGroups", () => {
  it("groups the applications by what they wait for", async () => {
    stubServer([
      application(1, "pending", "Asha"),
      application(2, "hours_submitted", "Rohan"),
      application(3, "accepted", "Priya"),
      application(4, "hours_approved", "Arjun"),
      application(5, "completed", "Kavya"),
      application(6, "rejected", "Meera"),
    ]);
    renderWithProviders(<OpportunityApplicationGroups opportunity={opportunity} />);

    expect(await screen.findByRole("heading", { name: "Pending (1)" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Hours Submitted for Review (1)" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Accepted - Awaiting Hours (1)" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Completed Work (2)" })).toBeInTheDocument();
    expect(screen.getByText("4 h · 60 coins")).toBeInTheDocument();
    expect(screen.getByText("Waiting for hours")).toBeInTheDocument();

    const reminder = screen.getByRole("link", { name: "E-mail Priya Rao a reminder to submit hours" });
    const href = reminder.getAttribute("href") ?? "";
    expect(href.startsWith("mailto:priya@iimb.ac.in?subject=")).toBe(true);
    const query = new URLSearchParams(href.split("?")[1]);
    expect(query.get("subject")).toBe('Reminder: log your hours for "Beach clean-up"');
    expect(query.get("body")).toContain("Hi Priya,");
    expect(screen.getByRole("link", { name: "E-mail Asha Rao" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^mailto:asha@iimb\.ac\.in\?subject=/),
    );
  });

  it("says so when nobody has applied", async () => {
    stubServer([]);
    renderWithProviders(<OpportunityApplicationGroups opportunity={opportunity} />);
    expect(await screen.findByRole("heading", { name: "No applications yet" })).toBeInTheDocument();
  });

  it("approves hours at hours × coins per hour with the spec's feedback", async () => {
    const fetchMock = stubServer([application(2, "hours_submitted", "Rohan")]);
    const user = userEvent.setup();
    renderWithProviders(<OpportunityApplicationGroups opportunity={opportunity} />);
    await user.click(await screen.findByRole("button", { name: "Approve Hours from Rohan Rao" }));

    await waitFor(() => expect(toastText()).toContain("Hours Approved!"));
    expect(toastText()).toContain("The student has been awarded 60 coins for their work.");
    const [call] = decisionCalls(fetchMock);
    expect(call?.[0]).toBe("/api/applications/2/approve-hours");
    expect(JSON.parse(String(call?.[1].body))).toEqual({
      coinsAwarded: 60,
      feedback: "Hours approved by admin",
    });
  });

  it("sends nothing while the rejection feedback is blank", async () => {
    const fetchMock = stubServer([application(2, "hours_submitted", "Rohan")]);
    const user = userEvent.setup();
    renderWithProviders(<OpportunityApplicationGroups opportunity={opportunity} />);
    await user.click(await screen.findByRole("button", { name: "Reject Hours 4 hours from Rohan Rao" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject Hours" });
    const feedback = within(dialog).getByLabelText("Feedback for the student");
    const confirm = within(dialog).getByRole("button", { name: "Reject Hours" });

    await user.type(feedback, "   ");
    expect(confirm).toBeDisabled();
    await user.type(feedback, "{Enter}");
    expect(decisionCalls(fetchMock)).toEqual([]);

    await user.type(feedback, "Please add the session dates");
    await user.click(confirm);
    await waitFor(() => expect(toastText()).toContain("Hours Rejected"));
    const [call] = decisionCalls(fetchMock);
    expect(call?.[0]).toBe("/api/applications/2/reject-hours");
    expect(JSON.parse(String(call?.[1].body))).toEqual({ feedback: "Please add the session dates" });
  });

  it("accepts a pending application with the spec's note", async () => {
    const fetchMock = stubServer([application(1, "pending", "Asha")]);
    const user = userEvent.setup();
    renderWithProviders(<OpportunityApplicationGroups opportunity={opportunity} />);
    await user.click(await screen.findByRole("button", { name: "Accept application from Asha Rao" }));

    await waitFor(() => expect(toastText()).toContain("Application status updated successfully"));
    const [call] = decisionCalls(fetchMock);
    expect(call?.[0]).toBe("/api/applications/1/status");
    expect(JSON.parse(String(call?.[1].body))).toEqual({
      status: "accepted",
      notes: "Application accepted by admin",
    });
  });
});

import { describe, expect, it } from "vitest";
import {
  ADMIN_STATUS_LABELS,
  APPLICATION_STATUS_STORY,
  canAdminSetStatus,
  canSubmitHours,
  canWithdraw,
  countsAs,
  isCompletedStatus,
  STUDENT_STATUS_LABELS,
  statusAfterHoursRejected,
  summariseApplications,
} from "./application-status";
import { APPLICATION_STATUSES } from "./enums";

describe("application transitions", () => {
  it("allows exactly the admin transitions of the rules", () => {
    const allowed = APPLICATION_STATUSES.flatMap((from) =>
      APPLICATION_STATUSES.filter((to) => canAdminSetStatus(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        "pending→accepted",
        "pending→rejected",
        "rejected→accepted",
        "accepted→rejected",
        "accepted→completed",
        "hours_approved→completed",
      ].sort(),
    );
  });

  it("lets students submit hours only when accepted or after an approval", () => {
    expect(APPLICATION_STATUSES.filter(canSubmitHours)).toEqual(["accepted", "hours_approved"]);
  });

  it("returns rejected hours to the previous state and counts approved and completed as completed", () => {
    expect(statusAfterHoursRejected(true)).toBe("hours_approved");
    expect(statusAfterHoursRejected(false)).toBe("accepted");
    expect(APPLICATION_STATUSES.filter(isCompletedStatus)).toEqual(["hours_approved", "completed"]);
  });
});

describe("one status vocabulary (ADR 0024)", () => {
  it("keeps the spec's labels: the student's words and the admin lists' 'Completed' for approved hours", () => {
    expect(STUDENT_STATUS_LABELS).toEqual({
      pending: "Under Review",
      accepted: "Ready to Start",
      hours_submitted: "Hours Under Review",
      hours_approved: "Can Continue",
      completed: "Completed",
      rejected: "Rejected",
      withdrawn: "Withdrawn",
    });
    expect(ADMIN_STATUS_LABELS.withdrawn).toBe("Withdrawn");
    expect(ADMIN_STATUS_LABELS.hours_approved).toBe("Completed");
    expect(ADMIN_STATUS_LABELS.completed).toBe("Completed");
  });

  it("says what happens next for every status", () => {
    for (const status of APPLICATION_STATUSES) expect(APPLICATION_STATUS_STORY[status].next).not.toBe("");
  });

  it("counts approved hours as work under way and only completed work as completed", () => {
    expect(APPLICATION_STATUSES.filter((status) => countsAs(status) === "active")).toEqual([
      "pending",
      "accepted",
      "hours_submitted",
      "hours_approved",
    ]);
    expect(APPLICATION_STATUSES.filter((status) => countsAs(status) === "completed")).toEqual(["completed"]);
    expect(countsAs("rejected")).toBe("none");
    expect(countsAs("withdrawn")).toBe("none");
  });

  it("sums tiles that agree with the labels: one approved-hours application is 1 active, 0 completed", () => {
    const row = (status: (typeof APPLICATION_STATUSES)[number], hoursCompleted = 0, coinsAwarded = 0) => ({
      status,
      hoursCompleted,
      coinsAwarded,
    });
    expect(summariseApplications([row("hours_approved", 8, 120)])).toEqual({
      completed: 0,
      active: 1,
      hours: 8,
      coins: 120,
    });
    expect(
      summariseApplications([row("completed", 10, 150), row("rejected"), row("pending"), row("accepted")]),
    ).toEqual({ completed: 1, active: 2, hours: 10, coins: 150 });
  });

  it("lets a student withdraw only before any hours are in", () => {
    expect(canWithdraw("pending", 0)).toBe(true);
    expect(canWithdraw("accepted", 0)).toBe(true);
    expect(canWithdraw("accepted", 2)).toBe(false);
    for (const status of ["hours_submitted", "hours_approved", "completed", "rejected", "withdrawn"] as const)
      expect(canWithdraw(status, 0), status).toBe(false);
  });
});

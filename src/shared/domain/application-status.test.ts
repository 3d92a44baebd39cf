import { describe, expect, it } from "vitest";
import {
  canAdminSetStatus,
  canSubmitHours,
  isCompletedStatus,
  statusAfterHoursRejected,
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

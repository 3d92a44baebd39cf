import { describe, expect, it } from "vitest";
import { applyStateOf, capacityText } from "./apply-state";

const student = { role: "student" } as const;
const admin = { role: "admin" } as const;
const open = { status: "open", viewerApplication: null } as const;

describe("the detail page's side card", () => {
  it("offers Apply to a student on an open opportunity they have not applied to", () => {
    expect(applyStateOf(open, student)).toBe("apply");
  });

  it("shows Applied once the student has applied, whatever the opportunity became since", () => {
    const viewerApplication = { id: 1, status: "pending" } as const;
    expect(applyStateOf({ ...open, viewerApplication }, student)).toBe("applied");
    expect(applyStateOf({ status: "closed", viewerApplication }, student)).toBe("applied");
  });

  it("says Applications Closed on a closed opportunity, to students and admins alike", () => {
    expect(applyStateOf({ ...open, status: "closed" }, student)).toBe("closed");
    expect(applyStateOf({ ...open, status: "closed" }, admin)).toBe("closed");
  });

  it("says Not Available on a filled opportunity and to admins", () => {
    expect(applyStateOf({ ...open, status: "filled" }, student)).toBe("unavailable");
    expect(applyStateOf(open, admin)).toBe("unavailable");
  });

  it("offers the waiting list when full, and shows the place in line or the offer", () => {
    expect(applyStateOf({ ...open, placesLeft: 0 }, student)).toBe("join");
    expect(applyStateOf({ ...open, placesLeft: 0 }, admin)).toBe("unavailable");
    const waiting = { status: "waiting", position: 2, offerExpiresAt: null } as const;
    expect(applyStateOf({ ...open, placesLeft: 0, viewerWaitlist: waiting }, student)).toBe("waiting");
    const offered = {
      status: "offered",
      position: null,
      offerExpiresAt: "2026-11-27T10:00:00.000Z",
    } as const;
    expect(applyStateOf({ ...open, placesLeft: 0, viewerWaitlist: offered }, student)).toBe("offered");
  });

  it("lets a student who withdrew apply again", () => {
    const viewerApplication = { id: 1, status: "withdrawn" } as const;
    expect(applyStateOf({ ...open, viewerApplication, placesLeft: 3 }, student)).toBe("apply");
  });

  it("asks a signed-out visitor to log in", () => {
    expect(applyStateOf(open, null)).toBe("signIn");
  });

  it("writes capacity as applicants out of places, or Unlimited", () => {
    expect(capacityText(3, 12)).toBe("3/12");
    expect(capacityText(3, null)).toBe("Unlimited");
  });
});

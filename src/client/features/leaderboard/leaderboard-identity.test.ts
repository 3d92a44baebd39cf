import { describe, expect, it } from "vitest";
import { anonymousName, contributorIdentity, rowIdentity } from "./leaderboard-identity";

const named = { firstName: "Asha", lastName: "Rao", rank: 3 };
const hidden = { firstName: null, lastName: null, rank: 7 };

describe("anonymousName", () => {
  it("pads the rank to three digits", () => {
    expect(anonymousName(7)).toBe("Student #007");
    expect(anonymousName(42)).toBe("Student #042");
    expect(anonymousName(123)).toBe("Student #123");
  });

  it("keeps ranks beyond three digits whole", () => {
    expect(anonymousName(1234)).toBe("Student #1234");
  });
});

describe("rowIdentity", () => {
  it("shows a named student with the initials of first and last name", () => {
    expect(rowIdentity(named)).toEqual({ name: "Asha Rao", initials: "AR", isAnonymous: false });
  });

  it("shows a student the server anonymised as 'Student #NNN' with '??'", () => {
    expect(rowIdentity(hidden)).toEqual({ name: "Student #007", initials: "??", isAnonymous: true });
  });

  it("hides every name while 'Anonymize All' is on", () => {
    expect(rowIdentity(named, true)).toEqual({ name: "Student #003", initials: "??", isAnonymous: true });
  });
});

describe("contributorIdentity", () => {
  it("calls an anonymous student 'Anonymous Student' on the home page", () => {
    expect(contributorIdentity(hidden)).toEqual({
      name: "Anonymous Student",
      initials: "??",
      isAnonymous: true,
    });
    expect(contributorIdentity(named).name).toBe("Asha Rao");
  });
});

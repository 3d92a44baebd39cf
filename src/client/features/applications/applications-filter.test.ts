import type { ApplicationStatus } from "@shared/domain/enums";
import { describe, expect, it } from "vitest";
import { filterApplications, statusFilterOf } from "./applications-filter";

const person = (firstName: string, lastName: string, status: ApplicationStatus) => ({
  status,
  user: { firstName, lastName, email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@iimb.ac.in` },
});
const list = [
  person("Asha", "Rao", "pending"),
  person("Rohan", "Mehta", "accepted"),
  person("Priya", "Iyer", "hours_submitted"),
  person("Arjun", "Nair", "hours_approved"),
  person("Kavya", "Menon", "completed"),
  person("Meera", "Rao", "rejected"),
];
const names = (search: string, status: Parameters<typeof filterApplications>[1]["status"]) =>
  filterApplications(list, { search, status }).map((application) => application.user.firstName);

describe("filterApplications", () => {
  it("filters by status, hours under review apart and approved hours as Completed", () => {
    expect(names("", "all")).toHaveLength(6);
    expect(names("", "pending")).toEqual(["Asha"]);
    expect(names("", "accepted")).toEqual(["Rohan"]);
    expect(names("", "hours_submitted")).toEqual(["Priya"]);
    expect(names("", "completed")).toEqual(["Arjun", "Kavya"]);
    expect(names("", "rejected")).toEqual(["Meera"]);
  });

  it("searches full names and e-mails, ignoring case and surrounding spaces", () => {
    expect(names(" rao ", "all")).toEqual(["Asha", "Meera"]);
    expect(names("asha rao", "all")).toEqual(["Asha"]);
    expect(names("KAVYA.MENON@", "all")).toEqual(["Kavya"]);
    expect(names("rao", "rejected")).toEqual(["Meera"]);
  });
});

describe("statusFilterOf", () => {
  it("reads a link's ?status= and falls back to All", () => {
    expect(statusFilterOf("hours_submitted")).toBe("hours_submitted");
    expect(statusFilterOf("pending")).toBe("pending");
    expect(statusFilterOf(null)).toBe("all");
    expect(statusFilterOf("hours_approved")).toBe("all");
    expect(statusFilterOf("<script>")).toBe("all");
  });
});

import { sampleOpportunity } from "@client/testing/opportunity-fixtures";
import { describe, expect, it } from "vitest";
import {
  emptyFormValues,
  formValuesFrom,
  positiveWholeNumberOr,
  toOpportunityInput,
  verificationProblem,
} from "./opportunity-form-values";

describe("the opportunity form's values", () => {
  it("starts from the spec's defaults", () => {
    expect(emptyFormValues).toMatchObject({
      type: "teaching",
      duration: "1week",
      coinsPerHour: "1",
      maxCoins: "100",
      status: "open",
      visibility: "public",
      skills: [],
    });
  });

  it("falls back to 1 coin per hour and 100 maximum coins when the inputs hold no valid number", () => {
    expect(positiveWholeNumberOr("", 1)).toBe(1);
    expect(positiveWholeNumberOr("0", 1)).toBe(1);
    expect(positiveWholeNumberOr("-4", 100)).toBe(100);
    expect(positiveWholeNumberOr("abc", 100)).toBe(100);
    expect(positiveWholeNumberOr("25", 1)).toBe(25);
    const input = toOpportunityInput({ ...emptyFormValues, coinsPerHour: "", maxCoins: "0" });
    expect(input.coinsPerHour).toBe(1);
    expect(input.maxCoins).toBe(100);
  });

  it("sends blanks as null, numbers as numbers, and the custom duration only when the duration is custom", () => {
    const values = {
      ...emptyFormValues,
      title: "  Reading club ",
      shortDescription: "Stories",
      fullDescription: "Read with children.",
      customDuration: "Every Saturday",
      capacity: "5",
      totalRequiredHours: "",
      location: " ",
    };
    expect(toOpportunityInput(values)).toMatchObject({
      title: "Reading club",
      customDuration: null,
      capacity: 5,
      totalRequiredHours: null,
      location: null,
      contactEmail: null,
      imageUrl: null,
    });
    expect(toOpportunityInput({ ...values, duration: "custom" }).customDuration).toBe("Every Saturday");
  });

  it("sends the dates as moments in India time and shows saved ones back in India time", () => {
    const input = toOpportunityInput({ ...emptyFormValues, startsAt: "2026-12-05T09:30", endsAt: "" });
    expect(input.startsAt).toBe("2026-12-05T09:30:00+05:30");
    expect(input.endsAt).toBeNull();
    const saved = {
      ...sampleOpportunity(),
      startsAt: "2026-12-05T04:00:00.000Z",
      endsAt: "2026-12-11T11:30:00.000Z",
    };
    expect(formValuesFrom(saved)).toMatchObject({ startsAt: "2026-12-05T09:30", endsAt: "2026-12-11T17:00" });
    expect(formValuesFrom(sampleOpportunity())).toMatchObject({ startsAt: "", endsAt: "" });
  });

  it("passes a number the server must refuse as typed, so its message explains it", () => {
    expect(toOpportunityInput({ ...emptyFormValues, capacity: "2.5" }).capacity).toBe(2.5);
  });

  it("pre-fills the edit form from an opportunity and sends the same opportunity back", () => {
    const opportunity = sampleOpportunity({ capacity: null, contactPhone: null });
    const values = formValuesFrom(opportunity);
    expect(values).toMatchObject({
      capacity: "",
      coinsPerHour: "15",
      contactPhone: "",
      skills: ["Maths", "Communication"],
    });
    expect(toOpportunityInput(values)).toMatchObject({
      title: opportunity.title,
      capacity: null,
      totalRequiredHours: 40,
      coinsPerHour: 15,
      maxCoins: 300,
      contactPhone: null,
    });
  });

  it("refuses, before sending, supervisor verification with nobody to ask and automatic approval without it", () => {
    const supervised = { ...emptyFormValues, verification: "supervisor" as const };
    expect(verificationProblem(toOpportunityInput(supervised))).toEqual({
      field: "supervisorEmail",
      message: "Give the supervisor's e-mail, or let students name their own supervisor",
    });
    expect(
      verificationProblem(toOpportunityInput({ ...supervised, studentNamesSupervisor: true })),
    ).toBeUndefined();
    expect(
      verificationProblem(toOpportunityInput({ ...supervised, supervisorEmail: "priya@vidya.org" })),
    ).toBeUndefined();
    // None clears the supervisor's settings, so automatic approval cannot be left on without verification.
    expect(
      verificationProblem(toOpportunityInput({ ...emptyFormValues, autoApproveMaxHours: "8" })),
    ).toBeUndefined();
    expect(
      toOpportunityInput({ ...emptyFormValues, autoApproveMaxHours: "8" }).autoApproveMaxHours,
    ).toBeNull();
  });
});

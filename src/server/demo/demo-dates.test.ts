import { formatDateRange } from "@shared/domain/event-dates";
import { describe, expect, it } from "vitest";
import { DEMO_OPPORTUNITY_DATES, demoDatesOf, OPPORTUNITY_TEMPLATES } from "./factories";

// Wednesday 25 November 2026, 11:58 pm in India (Thursday 00:00 is 18:30 UTC).
const NOW = Date.parse("2026-11-25T18:28:00Z");

describe("the demo's dates", () => {
  it("puts a Saturday morning session on the coming Saturday, in India time", () => {
    const dates = demoDatesOf("Teach Maths at Government School, Bilekahalli", NOW);
    expect(dates && formatDateRange(dates.startsAt, dates.endsAt)).toBe(
      "Sat 28 Nov 2026, 9:30 am – 12:30 pm",
    );
  });

  it("spreads a drive over its days", () => {
    const dates = demoDatesOf("Spoken English Circle for Campus Staff", NOW);
    expect(dates && formatDateRange(dates.startsAt, dates.endsAt)).toBe(
      "Mon 7 Dec 2026, 6:00 pm – Fri 11 Dec 2026, 7:00 pm",
    );
  });

  it("dates about half the open opportunities, all in the future, and names only real templates", () => {
    const dated = OPPORTUNITY_TEMPLATES.map((template) => demoDatesOf(template.title, NOW)).filter(
      (dates) => dates !== undefined,
    );
    expect(dated.length).toBeGreaterThanOrEqual(OPPORTUNITY_TEMPLATES.length / 2);
    for (const dates of dated) {
      expect(dates.startsAt.getTime()).toBeGreaterThan(NOW);
      expect(dates.endsAt.getTime()).toBeGreaterThan(dates.startsAt.getTime());
    }
    expect(demoDatesOf("Not a demo opportunity", NOW)).toBeUndefined();
    expect(Object.keys(DEMO_OPPORTUNITY_DATES).length).toBeGreaterThan(dated.length);
  });
});

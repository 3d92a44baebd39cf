import { describe, expect, it } from "vitest";
import {
  eventEnd,
  formatCompactDate,
  formatDateRange,
  googleCalendarUrl,
  inputValueOf,
  momentFromInputValue,
  schoolMomentText,
  slugOf,
  utcStamp,
} from "./event-dates";

// 9:30 in Kolkata is 04:00 UTC.
const START = "2026-12-05T04:00:00.000Z";

describe("the dates of an opportunity, in the school's time zone", () => {
  it("shows a range within one day with the day once", () => {
    expect(formatDateRange(START, "2026-12-05T07:00:00.000Z")).toBe("Sat 5 Dec 2026, 9:30 am – 12:30 pm");
  });

  it("shows both days of a range across days", () => {
    expect(formatDateRange(START, "2026-12-11T11:30:00.000Z")).toBe(
      "Sat 5 Dec 2026, 9:30 am – Fri 11 Dec 2026, 5:00 pm",
    );
  });

  it("shows the start alone without an end, and a day in Kolkata even when UTC is still the day before", () => {
    expect(formatDateRange("2026-12-04T20:00:00Z", null)).toBe("Sat 5 Dec 2026, 1:30 am");
    expect(formatCompactDate(START)).toBe("5 Dec, 9:30 am");
  });

  it("turns a form's wall-clock time into a moment with the school's offset, and back", () => {
    expect(momentFromInputValue("2026-12-05T09:30")).toBe("2026-12-05T09:30:00+05:30");
    expect(momentFromInputValue(" ")).toBeNull();
    expect(momentFromInputValue("tomorrow")).toBe("tomorrow");
    expect(inputValueOf(START)).toBe("2026-12-05T09:30");
    expect(new Date(momentFromInputValue(inputValueOf(START)) ?? "").toISOString()).toBe(START);
  });

  it("gives an event without an end one hour", () => {
    expect(eventEnd(START, null).toISOString()).toBe("2026-12-05T05:00:00.000Z");
    expect(utcStamp(new Date(START))).toBe("20261205T040000Z");
  });

  it("builds Google Calendar's template link with UTC dates", () => {
    const url = new URL(
      googleCalendarUrl({
        title: "Beach clean-up & more",
        startsAt: START,
        endsAt: null,
        details: "Bring gloves\nhttps://seva.example/opportunities/3",
        location: "Juhu, Mumbai",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("Beach clean-up & more");
    expect(url.searchParams.get("dates")).toBe("20261205T040000Z/20261205T050000Z");
    expect(url.searchParams.get("details")).toBe("Bring gloves\nhttps://seva.example/opportunities/3");
    expect(url.searchParams.get("location")).toBe("Juhu, Mumbai");
  });

  it("makes file names from titles", () => {
    expect(slugOf("Beach Clean-up, Sat!")).toBe("beach-clean-up-sat");
    expect(slugOf("Café à Pondicherry")).toBe("cafe-a-pondicherry");
    expect(slugOf("!!!")).toBe("opportunity");
  });
});

describe("schoolMomentText", () => {
  it("reads a moment in India's time, whatever zone the process runs in", () => {
    // 08:35 UTC is 14:05 in India; a server in UTC once wrote an offer's deadline as 08:35.
    expect(schoolMomentText(new Date("2026-11-27T08:35:00Z"))).toBe("Fri, 27 Nov, 14:05");
  });
});

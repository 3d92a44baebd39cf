import { describe, expect, it } from "vitest";
import { dayLabel, shortDayLabel } from "./day-label";

describe("day labels", () => {
  it("reads the server's school day as written, whatever the viewer's time zone", () => {
    expect(shortDayLabel("2026-11-02")).toBe("Nov 2");
    expect(dayLabel("2026-11-02")).toBe("Nov 02, 2026");
    expect(shortDayLabel("2026-12-31")).toBe("Dec 31");
    expect(shortDayLabel("2027-01-01")).toBe("Jan 1");
  });

  it("reads a week of the server's days (as on 2 November at the school, 01:30) in order, across a month", () => {
    const labels = [
      "2026-10-27",
      "2026-10-28",
      "2026-10-29",
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
      "2026-11-02",
    ];
    expect(labels.map(shortDayLabel)).toEqual([
      "Oct 27",
      "Oct 28",
      "Oct 29",
      "Oct 30",
      "Oct 31",
      "Nov 1",
      "Nov 2",
    ]);
  });
});

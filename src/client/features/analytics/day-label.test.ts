import { dayRange } from "@shared/domain/periods";
import { describe, expect, it } from "vitest";
import { dayLabel, shortDayLabel } from "./day-label";

describe("day labels", () => {
  it("reads the server's school day as written, whatever the viewer's time zone", () => {
    expect(shortDayLabel("2026-11-02")).toBe("Nov 2");
    expect(dayLabel("2026-11-02")).toBe("Nov 02, 2026");
    expect(shortDayLabel("2026-12-31")).toBe("Dec 31");
    expect(shortDayLabel("2027-01-01")).toBe("Jan 1");
  });

  it("labels the server's last bucket with the school's today, also late in the UTC evening", () => {
    // 20:00 UTC on 1 November is already 01:30 on 2 November at the school (UTC+5:30).
    const { labels } = dayRange(new Date("2026-11-01T20:00:00Z"), 7);
    expect(labels.at(-1)).toBe("2026-11-02");
    expect(shortDayLabel(labels.at(-1) ?? "")).toBe("Nov 2");
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

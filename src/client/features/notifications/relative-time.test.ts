import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

describe("relativeTime", () => {
  const now = Date.parse("2026-03-10T12:00:00Z");
  it("says how long ago, in the largest whole unit", () => {
    expect(relativeTime("2026-03-10T11:59:40Z", now)).toBe("just now");
    expect(relativeTime("2026-03-10T11:57:00Z", now)).toBe("3 minutes ago");
    expect(relativeTime("2026-03-10T09:00:00Z", now)).toBe("3 hours ago");
    expect(relativeTime("2026-03-09T11:00:00Z", now)).toBe("yesterday");
    expect(relativeTime("2026-02-20T12:00:00Z", now)).toBe("2 weeks ago");
  });
});

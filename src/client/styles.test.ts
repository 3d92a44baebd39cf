import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACTION_BAR_ROOM_CLASS } from "./features/apply/room-for-action-bar";

const styles = readFileSync(path.join(import.meta.dirname, "styles.css"), "utf8");

describe("styles.css", () => {
  // With `body:has(…)` (or html's, or :root's) Chromium checks every subtree inserted or removed anywhere on the
  // page against the selector: the admin dashboard's first render took about a third longer for one such rule
  // (docs/performance.md, twenty-eighth pass). A class set by the component that needs it does the same job.
  it("matches nothing at the document's root on what the page contains", () => {
    const rootHas = styles.match(/(^|[\s,}])(html|body|:root)[^{},;]*:has\(/gm) ?? [];
    expect(rootHas).toEqual([]);
  });

  it("gives the body room below a phone's fixed bar under the class the bar's component sets", () => {
    expect(styles).toContain(`body.${ACTION_BAR_ROOM_CLASS} {`);
  });
});

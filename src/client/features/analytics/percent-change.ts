// The change of a figure against the previous period of the same length (docs/product-rules.md §5).
import { formatNumber } from "@client/lib/format-number";

export type Change =
  /** Zero in both periods: nothing to compare. */
  | { kind: "none" }
  /** Zero before, something now: no percentage exists. */
  | { kind: "new" }
  /** Rounded to one decimal; 0 means unchanged. */
  | { kind: "percent"; percent: number };

export function percentChange(current: number, previous: number): Change {
  if (previous === 0) return current === 0 ? { kind: "none" } : { kind: "new" };
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  // `|| 0` turns a rounded -0 into 0, so a tiny fall never reads as "-0%".
  return { kind: "percent", percent: percent || 0 };
}

/** '—', 'New', '+12.5%', '−3.2%' (a true minus sign), '0%'. */
export function changeText(change: Change): string {
  if (change.kind === "none") return "—";
  if (change.kind === "new") return "New";
  const magnitude = formatNumber(Math.abs(change.percent));
  if (change.percent > 0) return `+${magnitude}%`;
  if (change.percent < 0) return `−${magnitude}%`;
  return "0%";
}

export type Trend = "up" | "down" | "flat";

export function trendOf(change: Change): Trend {
  if (change.kind === "new") return "up";
  if (change.kind === "none" || change.percent === 0) return "flat";
  return change.percent > 0 ? "up" : "down";
}

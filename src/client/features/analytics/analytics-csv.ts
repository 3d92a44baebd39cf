// The analytics export (docs/product-spec.md §7), built on the client from what the screen shows: the four
// figures with the previous period and the change, the daily applications of the whole range and the split by
// type. One table with fixed columns, so a spreadsheet can filter it by section. RFC 4180: every field
// quoted, inner quotes doubled, CRLF line ends; a UTF-8 byte order mark so Excel reads it as UTF-8.

import { isoDay } from "@client/lib/format";
import { TYPE_LABELS } from "@client/lib/opportunity-labels";
import type { Analytics } from "@shared/contract/analytics";
import { byCountDescending } from "./insights";
import { KPIS } from "./kpis";
import { percentChange } from "./percent-change";

const BYTE_ORDER_MARK = "\uFEFF";
const ANALYTICS_CSV_HEADER = ["Section", "Metric", "Value", "Previous Period", "Change (%)"] as const;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One quoted field. Text that a spreadsheet would run as a formula gets a leading apostrophe; numbers are
 * written as they are, since only text can smuggle a formula in and a negative change must stay a number.
 */
export function csvField(value: string | number): string {
  const text = typeof value === "number" ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

function csvRow(values: ReadonlyArray<string | number>): string {
  return values.map(csvField).join(",");
}

function changeCell(current: number, previous: number): string | number {
  const change = percentChange(current, previous);
  if (change.kind === "percent") return change.percent;
  return change.kind === "new" ? "New" : "";
}

export function analyticsCsv(analytics: Analytics): string {
  const rows = [
    ANALYTICS_CSV_HEADER,
    ["Report", "Date Range (days)", analytics.dateRange, "", ""],
    ...KPIS.map(({ key, label, unit }) => [
      "Key Figures",
      unit ? `${label} (${unit})` : label,
      analytics[key],
      analytics.previousPeriod[key],
      changeCell(analytics[key], analytics.previousPeriod[key]),
    ]),
    ...analytics.applicationsOverTime.map(({ date, count }) => [
      "Applications Over Time",
      date,
      count,
      "",
      "",
    ]),
    ...byCountDescending(analytics.applicationsByType).map(({ type, count }) => [
      "Applications by Type",
      TYPE_LABELS[type],
      count,
      "",
      "",
    ]),
  ];
  return `${BYTE_ORDER_MARK}${rows.map(csvRow).join("\r\n")}\r\n`;
}

/** seva-analytics-30-days-2026-11-22.csv */
export function analyticsCsvFileName(dateRange: number, on: Date): string {
  return `seva-analytics-${dateRange}-days-${isoDay(on)}.csv`;
}

// The applications CSV of one opportunity (docs/product-spec.md §7 exports), built on the client. RFC 4180:
// every field quoted, inner quotes doubled, CRLF line ends. Values that a spreadsheet would run as a formula
// are defused with a leading apostrophe, and a UTF-8 byte order mark makes Excel read names in any script
// correctly.

import { formatDate, isoDay } from "@client/lib/format";
import type { OpportunityApplication } from "@shared/contract/applications";
import { ADMIN_STATUS_LABELS } from "@shared/domain/application-status";

const BYTE_ORDER_MARK = "\uFEFF";
const HEADER = ["Name", "Email", "Applied Date", "Status", "Completed Date", "Coins", "Notes"];
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number): string {
  const text = String(value);
  const defused = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${defused.replaceAll('"', '""')}"`;
}

function csvRow(values: ReadonlyArray<string | number>): string {
  return values.map(csvField).join(",");
}

type CsvApplication = Pick<
  OpportunityApplication,
  "user" | "appliedAt" | "status" | "completedAt" | "coinsAwarded" | "notes"
>;

export function applicationsCsv(applications: readonly CsvApplication[]): string {
  const rows = applications.map((application) =>
    csvRow([
      `${application.user.firstName} ${application.user.lastName}`,
      application.user.email,
      formatDate(application.appliedAt),
      ADMIN_STATUS_LABELS[application.status],
      application.completedAt ? formatDate(application.completedAt) : "",
      application.coinsAwarded,
      application.notes ?? "",
    ]),
  );
  return `${BYTE_ORDER_MARK}${[csvRow(HEADER), ...rows].join("\r\n")}\r\n`;
}

/** "Teach Maths at Vidya Niketan" on 2026-11-22 → applications-teach-maths-at-vidya-niketan-2026-11-22.csv */
export function applicationsCsvFileName(opportunityTitle: string, on: Date): string {
  const slug =
    opportunityTitle
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/, "") || "opportunity";
  return `applications-${slug}-${isoDay(on)}.csv`;
}

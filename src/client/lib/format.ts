// Dates and times as docs/product-spec.md §9 shows them: 'MMM dd, yyyy' (Nov 22, 2026) and 'HH:mm' (09:05),
// in the viewer's time zone. Formatters are built once; Intl constructors are slow.
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "2-digit", year: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

function toDate(value: string | Date): Date {
  return typeof value === "string" ? new Date(value) : value;
}

export function formatDate(value: string | Date): string {
  return dateFormat.format(toDate(value));
}

export function formatTime(value: string | Date): string {
  return timeFormat.format(toDate(value));
}

/** 'yyyy-mm-dd' of the viewer's local calendar, for file names. */
export function isoDay(value: string | Date): string {
  const date = toDate(value);
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

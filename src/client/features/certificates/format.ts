// How certificates show their dates and hours on screen.
import { formatDate } from "@client/lib/format";
import { formatCount } from "@client/lib/format-number";
import type { CertificateEntry } from "@shared/domain/certificates";

/** A calendar day (YYYY-MM-DD) as the app shows dates, read at noon so no time zone moves it. */
export const formatDay = (day: string) => formatDate(new Date(`${day.slice(0, 10)}T12:00:00`));

export function servedLabel(entry: Pick<CertificateEntry, "servedFrom" | "servedTo">): string {
  const { servedFrom, servedTo } = entry;
  if (!servedFrom && !servedTo) return "Dates not recorded";
  if (!servedFrom || !servedTo || servedFrom === servedTo) return formatDay(servedFrom ?? servedTo ?? "");
  return `${formatDay(servedFrom)} – ${formatDay(servedTo)}`;
}

export const hoursLabel = (hours: number) => formatCount(hours, "approved hour");

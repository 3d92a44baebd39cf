// How certificates show their dates and hours on screen: the same words as the hours' review places and the PDF.
import { formatCount } from "@client/lib/format-number";
import type { CertificateEntry } from "@shared/domain/certificates";
import { formatServedDates } from "@shared/domain/served-dates";

export function servedLabel(entry: Pick<CertificateEntry, "servedFrom" | "servedTo">): string {
  return formatServedDates(entry.servedFrom, entry.servedTo) ?? "Dates not recorded";
}

export const hoursLabel = (hours: number) => formatCount(hours, "approved hour");

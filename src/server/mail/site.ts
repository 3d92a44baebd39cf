// Where mail links point and whom they name: plain values, kept apart from the react-email templates so that the
// modules needing only a link (calendar feeds, the scheduler) do not load the renderer (ADR 0044, third pass).

export interface MailSite {
  /** The origin of mail links (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  institutionName: string;
}

export const PRODUCT_NAME = "Seva";

/** A path of the app as an absolute address on PUBLIC_URL (only paths: anything else falls back to the home). */
export function absoluteLink(site: MailSite, path: string): string {
  const safePath = path.startsWith("/") && !path.startsWith("//") ? path : "/";
  return `${site.publicUrl}${safePath}`;
}

/** The admin digest's subject, written by the scheduler into the outbox and shown by the e-mail. */
export function digestSubject(count: number): string {
  return count === 1 ? "1 item waits for your review" : `${count} items wait for your review`;
}

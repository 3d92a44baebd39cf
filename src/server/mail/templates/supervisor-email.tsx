// The on-site supervisor's e-mail (docs/product-rules.md §10, ADR 0038): who asks, for which opportunity, the
// dates, hours and what was done, and one "Confirm or Dispute" button to the signed link, valid 14 days. The
// supervisor has no account, so there is no unsubscribe line. The link is the row's secret: the admins' mail log
// renders the row without it.
import { Text } from "@react-email/components";
import { VERIFICATION_LINK_DAYS } from "@shared/domain/limits";
import type { SupervisorMailKind } from "@shared/domain/notifications";
import { formatSchoolDay, formatServedDates } from "@shared/domain/served-dates";
import { absoluteLink, type MailSite } from "../site";
import { WITHHELD_SECRET } from "./account-email";
import { EmailLayout, figureStyle, quoteStyle, textStyle } from "./layout";

/** What queueSupervisorMail writes into the outbox row's data, read defensively (JSON from the database). */
export interface SupervisorMailData {
  supervisorName: string | null;
  student: string;
  opportunityTitle: string;
  hours: number | undefined;
  servedFrom: string;
  servedTo: string;
  description: string;
  expiresAt: string | undefined;
}

export function readSupervisorMailData(data: Record<string, unknown>): SupervisorMailData {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    supervisorName: text(data.supervisorName) ?? null,
    student: text(data.student) ?? "A student",
    opportunityTitle: text(data.opportunityTitle) ?? "",
    hours: typeof data.hours === "number" && Number.isFinite(data.hours) ? data.hours : undefined,
    servedFrom: text(data.servedFrom) ?? "",
    servedTo: text(data.servedTo) ?? "",
    description: text(data.description) ?? "",
    expiresAt: text(data.expiresAt),
  };
}

/** A day (YYYY-MM-DD) as people read it, e.g. "12 Nov 2026", as every screen writes it (ADR 0082). */
const dayText = (day: string) => formatServedDates(day, day) ?? day;

function servedText(from: string, to: string): string {
  return from === to || to === "" ? dayText(from) : `${dayText(from)} to ${dayText(to)}`;
}

/** The moment the link stops working, in the school's time zone, e.g. "9 Dec 2026". */
function expiryText(expiresAt: string | undefined): string {
  const parsed = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (Number.isNaN(parsed)) return `${VERIFICATION_LINK_DAYS} days`;
  return formatSchoolDay(new Date(parsed));
}

export interface SupervisorEmailProps {
  site: MailSite;
  kind: SupervisorMailKind;
  data: SupervisorMailData;
  /** The link's token; absent once it is no longer kept (the admins' mail log). */
  secret: string | undefined;
}

export function SupervisorEmail({ site, kind, data, secret }: SupervisorEmailProps) {
  const path = secret ? `/confirm-hours#token=${secret}` : "/confirm-hours";
  const hours = data.hours === undefined ? "" : `${data.hours} ${data.hours === 1 ? "hour" : "hours"}`;
  const reminder = kind === "supervisor_reminder";
  return (
    <EmailLayout
      site={site}
      preview={`${data.student} asks you to confirm ${hours} on “${data.opportunityTitle}”`}
      heading={
        reminder ? "A reminder: please confirm these hours" : "Please confirm these volunteering hours"
      }
      action={{ label: "Confirm or Dispute", href: absoluteLink(site, path) }}
      footnote={`You receive this because ${data.student} named you as the supervisor of their service. You need no account; nothing else will be sent unless they ask again.`}
    >
      <Text style={textStyle}>{data.supervisorName ? `Hello ${data.supervisorName},` : "Hello,"}</Text>
      <Text style={textStyle}>
        {reminder ? "A few days ago, " : ""}
        {data.student}, a student of {site.institutionName}, {reminder ? "asked" : "asks"} you to confirm the
        hours they served on “{data.opportunityTitle}” under your supervision. Please confirm them if they are
        right, or dispute them and say what is not.
      </Text>
      <Text style={figureStyle}>Dates: {servedText(data.servedFrom, data.servedTo)}</Text>
      <Text style={figureStyle}>Hours: {hours}</Text>
      <Text style={{ ...figureStyle, marginTop: 8 }}>What they did:</Text>
      <Text style={quoteStyle}>{data.description}</Text>
      <Text style={textStyle}>
        The button works without an account until {expiryText(data.expiresAt)}, for one answer. Your answer
        goes to the student and the administrators who approve hours.
      </Text>
      {secret ? null : <Text style={textStyle}>The link itself is {WITHHELD_SECRET}.</Text>}
    </EmailLayout>
  );
}

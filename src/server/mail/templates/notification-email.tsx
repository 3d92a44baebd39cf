// The e-mail of one notification, built from its outbox row's data: the title and the text every event has,
// and the figures some add (coins, the new level and badges of approved hours, an administrator's feedback,
// the student and the hours of new work to review).
import { Text } from "@react-email/components";
import type { NotificationKind } from "@shared/domain/notifications";
import { absoluteLink, type MailSite } from "../site";
import { EmailLayout, figureStyle, quoteStyle, textStyle } from "./layout";

/** What notify() writes into the outbox row's data (events.ts), read defensively: it is JSON from the database. */
export interface NotificationMailData {
  title: string;
  body: string;
  link: string;
  coinsAwarded?: number;
  balance?: number;
  level?: number | null;
  badges?: string[];
  feedback?: string | null;
  hours?: number;
  student?: string;
}

export function readMailData(data: Record<string, unknown>): NotificationMailData {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const number = (value: unknown) =>
    typeof value === "number" && Number.isFinite(value) ? value : undefined;
  return {
    title: text(data.title) ?? "Seva",
    body: text(data.body) ?? "",
    link: text(data.link) ?? "/",
    coinsAwarded: number(data.coinsAwarded),
    balance: number(data.balance),
    level: number(data.level) ?? null,
    badges: Array.isArray(data.badges) ? data.badges.filter((badge) => typeof badge === "string") : [],
    feedback: text(data.feedback) ?? null,
    hours: number(data.hours),
    student: text(data.student),
  };
}

/** The button's words: where it leads. */
export function actionLabelOf(kind: NotificationKind | "digest", link: string): string {
  if (kind === "new_application" || kind === "new_hours" || kind === "digest") return "Review it in Seva";
  if (kind === "target_reached") return "Open the opportunity manager";
  if (kind === "password_changed") return "Review your account";
  if (kind === "waitlist_offer" || kind === "reminder_waitlist_offer") return "Take the place";
  if (link.startsWith("/opportunity/")) return "See the opportunity";
  return "Open your dashboard";
}

export interface NotificationEmailProps {
  site: MailSite;
  kind: NotificationKind | "digest";
  data: NotificationMailData;
  unsubscribe?: { categoryLabel: string; href: string } | undefined;
}

export function NotificationEmail({ site, kind, data, unsubscribe }: NotificationEmailProps) {
  const showsFeedback = (kind === "hours_rejected" || kind === "application_rejected") && data.feedback;
  return (
    <EmailLayout
      site={site}
      preview={data.body}
      heading={data.title}
      action={{ label: actionLabelOf(kind, data.link), href: absoluteLink(site, data.link) }}
      unsubscribe={unsubscribe}
    >
      <Text style={textStyle}>{data.body}</Text>
      {kind === "hours_approved" ? (
        <>
          {data.coinsAwarded !== undefined ? (
            <Text style={figureStyle}>Coins earned: {data.coinsAwarded}</Text>
          ) : null}
          {data.balance !== undefined ? (
            <Text style={figureStyle}>Your balance: {data.balance} coins</Text>
          ) : null}
          {data.level ? <Text style={figureStyle}>New level: {data.level}</Text> : null}
          {data.badges && data.badges.length > 0 ? (
            <Text style={figureStyle}>New badges: {data.badges.join(", ")}</Text>
          ) : null}
        </>
      ) : null}
      {showsFeedback ? (
        <Text style={quoteStyle}>Feedback from the administrator: {data.feedback}</Text>
      ) : null}
      {(kind === "new_application" || kind === "new_hours") && data.student ? (
        <Text style={figureStyle}>
          Student: {data.student}
          {kind === "new_hours" && data.hours !== undefined ? ` · ${data.hours} h` : ""}
        </Text>
      ) : null}
    </EmailLayout>
  );
}

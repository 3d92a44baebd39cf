// A student's private calendar feed (docs/product-rules.md §12, ADR 0036): its secret is users.calendar_token,
// replaced to revoke every copy of the old address; the feed lists the dated opportunities the student was
// accepted to (and went on with), private ones included, since the student already holds them.
import type { Executor } from "@server/db/client";
import { applications, opportunities, users } from "@server/db/schema";
import type { MailSite } from "@server/mail/site";
import type { ApplicationStatus } from "@shared/domain/enums";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { DatedOpportunity } from "./calendar-ics";

/** An application in one of these states puts its opportunity in the student's calendar. */
export const IN_CALENDAR_STATUSES = [
  "accepted",
  "hours_submitted",
  "hours_approved",
  "completed",
] as const satisfies readonly ApplicationStatus[];

/** The shape of a feed token: what the database generates (32 hex digits). Anything else is looked up nowhere. */
const FEED_TOKEN = /^[0-9a-f]{32}$/;

export function feedUrl(site: MailSite, token: string): string {
  return `${site.publicUrl}/calendar/${token}.ics`;
}

export async function getFeedToken(db: Executor, userId: number): Promise<string> {
  const [row] = await db.select({ token: users.calendarToken }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`user ${userId} has no row`);
  return row.token;
}

/** A new secret for the feed, made by the database as the first one was; the old address stops at once. */
export async function resetFeedToken(db: Executor, userId: number): Promise<string> {
  const [row] = await db
    .update(users)
    .set({ calendarToken: sql`replace(gen_random_uuid()::text, '-', '')`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ token: users.calendarToken });
  if (!row) throw new Error(`user ${userId} has no row`);
  return row.token;
}

/** The feed's owner, or undefined for a token that is no one's (never valid, or replaced). */
export async function findFeedOwner(db: Executor, token: string): Promise<number | undefined> {
  if (!FEED_TOKEN.test(token)) return undefined;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.calendarToken, token), eq(users.role, "student")));
  return row?.id;
}

/** The dated opportunities the student was accepted to, soonest first. */
export async function listFeedOpportunities(db: Executor, studentId: number): Promise<DatedOpportunity[]> {
  const rows = await db
    .select({
      id: opportunities.id,
      title: opportunities.title,
      shortDescription: opportunities.shortDescription,
      location: opportunities.location,
      startsAt: opportunities.startsAt,
      endsAt: opportunities.endsAt,
      updatedAt: opportunities.updatedAt,
    })
    .from(applications)
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .where(
      and(
        eq(applications.userId, studentId),
        inArray(applications.status, [...IN_CALENDAR_STATUSES]),
        isNotNull(opportunities.startsAt),
      ),
    )
    .orderBy(asc(opportunities.startsAt), asc(opportunities.id));
  return rows.map((row) => ({
    ...row,
    startsAt: (row.startsAt as Date).toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

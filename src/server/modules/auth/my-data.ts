// My data (docs/product-rules.md, ADR 0040): everything Seva holds about the signed-in person, as one JSON
// document (India's DPDP Act 2023 §11, GDPR art. 15 and 20). Secrets never leave: the password hash and the
// calendar feed's token are left out of the account, reset links and sessions are not exported at all, and an
// opportunity appears by its title only (its share link's key is the admins').
import type { Database } from "@server/db/client";
import {
  adminDigestSettings,
  adminNoticeMarks,
  adminNoticeReads,
  applicationEvents,
  applications,
  badges,
  certificates,
  coinLedger,
  hourSubmissions,
  notificationPreferences,
  notifications,
  opportunities,
  userBadges,
  userIdentities,
  users,
  waitlistEntries,
} from "@server/db/schema";
import { notFound } from "@server/errors";
import type { MyData } from "@shared/contract/auth";
import { schoolDayOf } from "@shared/domain/event-dates";
import { asc, eq, getTableColumns } from "drizzle-orm";

/** The account's columns but its secrets. */
const { passwordHash: _hash, calendarToken: _token, ...accountColumns } = getTableColumns(users);

export async function exportMyData(db: Database, userId: number, now: Date = new Date()): Promise<MyData> {
  const [account] = await db.select(accountColumns).from(users).where(eq(users.id, userId));
  if (!account) throw notFound("Account not found");
  const opportunityTitle = opportunities.title;
  const [
    digest,

    ownApplications,
    ownHours,
    timeline,
    ledger,
    ownBadges,
    ownCertificates,
    ownNotifications,
    preferences,
    waitlist,
    identities,
    noticeMark,
    noticeReads,
  ] = await Promise.all([
    // An admin's choice of e-mail digest (docs/product-rules.md §8), kept with the account.
    db
      .select({ mode: adminDigestSettings.mode })
      .from(adminDigestSettings)
      .where(eq(adminDigestSettings.userId, userId)),
    db
      .select({ ...getTableColumns(applications), opportunityTitle })
      .from(applications)
      .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
      .where(eq(applications.userId, userId))
      .orderBy(asc(applications.appliedAt), asc(applications.id)),
    db
      .select(getTableColumns(hourSubmissions))
      .from(hourSubmissions)
      .innerJoin(applications, eq(applications.id, hourSubmissions.applicationId))
      .where(eq(applications.userId, userId))
      .orderBy(asc(hourSubmissions.submittedAt), asc(hourSubmissions.id)),
    db
      .select(getTableColumns(applicationEvents))
      .from(applicationEvents)
      .innerJoin(applications, eq(applications.id, applicationEvents.applicationId))
      .where(eq(applications.userId, userId))
      .orderBy(asc(applicationEvents.applicationId), asc(applicationEvents.at), asc(applicationEvents.id)),
    db
      .select()
      .from(coinLedger)
      .where(eq(coinLedger.userId, userId))
      .orderBy(asc(coinLedger.createdAt), asc(coinLedger.id)),
    db
      .select({ name: badges.name, description: badges.description, earnedAt: userBadges.earnedAt })
      .from(userBadges)
      .innerJoin(badges, eq(badges.id, userBadges.badgeId))
      .where(eq(userBadges.userId, userId))
      .orderBy(asc(userBadges.earnedAt), asc(userBadges.id)),
    db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, userId))
      .orderBy(asc(certificates.issuedAt), asc(certificates.id)),
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt), asc(notifications.id)),
    db
      .select({ category: notificationPreferences.category, email: notificationPreferences.email })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .orderBy(asc(notificationPreferences.category)),
    db
      .select({ ...getTableColumns(waitlistEntries), opportunityTitle })
      .from(waitlistEntries)
      .innerJoin(opportunities, eq(opportunities.id, waitlistEntries.opportunityId))
      .where(eq(waitlistEntries.userId, userId))
      .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id)),
    // The institution's accounts linked to this one (ADR 0041): the provider's name for the person, and since when.
    db
      .select({
        issuer: userIdentities.issuer,
        subject: userIdentities.subject,
        createdAt: userIdentities.createdAt,
      })
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId))
      .orderBy(asc(userIdentities.createdAt), asc(userIdentities.issuer), asc(userIdentities.subject)),
    // How far an admin has read the notices every admin shares (ADR 0080): the notices are the school's, the
    // reading is the person's. Kept after they stop being an admin, so exported whatever the role.
    db
      .select({ readThrough: adminNoticeMarks.readThrough, readThroughAt: adminNoticeMarks.readThroughAt })
      .from(adminNoticeMarks)
      .where(eq(adminNoticeMarks.userId, userId)),
    db
      .select({
        notificationId: adminNoticeReads.notificationId,
        title: notifications.title,
        readAt: adminNoticeReads.readAt,
      })
      .from(adminNoticeReads)
      .innerJoin(notifications, eq(notifications.id, adminNoticeReads.notificationId))
      .where(eq(adminNoticeReads.userId, userId))
      .orderBy(asc(adminNoticeReads.readAt), asc(adminNoticeReads.notificationId)),
  ]);
  const mark = noticeMark[0];
  return {
    format: "seva-my-data/1",
    exportedAt: now.toISOString(),
    account: account.role === "admin" ? { ...account, adminDigest: digest[0]?.mode ?? null } : account,
    applications: ownApplications,
    hourSubmissions: ownHours,
    timeline,
    ledger,
    badges: ownBadges,
    certificates: ownCertificates,
    notifications: ownNotifications,
    notificationPreferences: preferences,
    waitlist,
    identities: identities.map((identity) => ({ ...identity, createdAt: identity.createdAt.toISOString() })),
    adminNoticeReading:
      mark || noticeReads.length > 0
        ? {
            readThrough: mark?.readThrough ?? 0,
            readThroughAt: mark?.readThroughAt.toISOString() ?? null,
            reads: noticeReads.map((read) => ({ ...read, readAt: read.readAt.toISOString() })),
          }
        : null,
  };
}

/** The attachment's name, dated in the school's time zone: seva-my-data-2026-11-25.json. */
export function myDataFileName(now: Date = new Date()): string {
  return `seva-my-data-${schoolDayOf(now)}.json`;
}

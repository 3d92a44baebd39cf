// The words of every event of docs/product-rules.md §8, and who hears them. Each function is called inside the
// transaction of its cause (the decision services), so the notification commits or rolls back with it.
import type { Transaction } from "@server/db/client";
import { applications, users, waitlistEntries } from "@server/db/schema";
import { levelFor } from "@shared/domain/coins";
import { schoolMomentText } from "@shared/domain/event-dates";
import { and, eq, inArray } from "drizzle-orm";
import { type TimelineStep, timelineStep } from "../timeline/record-event";
import { notify, notifyWith } from "./notify";

/**
 * The screens a notification links to. They are the client's routes (src/client/lib/paths.ts), written here
 * because the server may not import the client; test/notification-links.test.ts keeps them in step.
 */
export const notificationLinks = {
  studentDashboard: "/dashboard",
  opportunity: (id: number) => `/opportunity/${id}`,
  applicationsOf: (opportunityId: number, status?: string) =>
    `/admin/applications/${opportunityId}${status ? `?status=${status}` : ""}`,
  manager: "/admin/opportunities",
} as const;

interface OpportunityRef {
  id: number;
  title: string;
}

type ApplicationRow = typeof applications.$inferSelect;

/** A moment of an application's life, unique per change: its id and the time of the change. */
const changeOf = (application: Pick<ApplicationRow, "id" | "updatedAt">) =>
  `${application.id}@${new Date(application.updatedAt).getTime()}`;

async function nameOf(tx: Transaction, userId: number): Promise<string> {
  const [row] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}` : "A student";
}

async function balanceOf(tx: Transaction, userId: number): Promise<number> {
  const [student] = await tx.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
  return student?.coins ?? 0;
}

/**
 * A student applied: their confirmation (the one the apply modal promises), written with the application's first
 * timeline step when the caller gives it (ADR 0066), and the admins' new work, which names the student as that step
 * keeps them.
 */
export async function applicationReceived(
  tx: Transaction,
  application: ApplicationRow,
  opportunity: OpportunityRef,
  step?: TimelineStep,
): Promise<void> {
  const { companion } = await notifyWith(
    tx,
    {
      kind: "application_received",
      to: { userIds: [application.userId] },
      title: "Application received",
      body: `Your application to “${opportunity.title}” is in. An administrator will review it; you will hear here when it is decided.`,
      link: notificationLinks.studentDashboard,
      data: { opportunityTitle: opportunity.title },
      occurrence: String(application.id),
    },
    step && timelineStep(step),
  );
  const kept = companion?.actor_name;
  const name = typeof kept === "string" ? kept : await nameOf(tx, application.userId);
  await notify(tx, {
    kind: "new_application",
    to: "admins",
    title: "New application",
    body: `${name} applied to “${opportunity.title}”.`,
    link: notificationLinks.applicationsOf(opportunity.id, "pending"),
    data: { opportunityTitle: opportunity.title, student: name },
    occurrence: String(application.id),
  });
}

const STATUS_EVENTS = {
  accepted: {
    kind: "application_accepted",
    title: "Application accepted",
    body: (title: string) =>
      `You are in: your application to “${title}” was accepted. Do the work, then submit your hours from your dashboard.`,
  },
  rejected: {
    kind: "application_rejected",
    title: "Application not accepted",
    body: (title: string) =>
      `Your application to “${title}” was not accepted this time. Other opportunities are waiting on Discover.`,
  },
  completed: {
    kind: "application_completed",
    title: "Opportunity completed",
    body: (title: string) => `Your work on “${title}” is marked complete. Thank you for serving!`,
  },
} as const;

/** An admin accepted, rejected (or reconsidered) or completed an application. */
export async function applicationDecided(
  tx: Transaction,
  application: ApplicationRow,
  opportunity: OpportunityRef,
  status: keyof typeof STATUS_EVENTS,
  coinsAwarded = 0,
  step?: TimelineStep,
): Promise<void> {
  const event = STATUS_EVENTS[status];
  const coins = coinsAwarded > 0 ? ` ${coinsAwarded} coins were added to your balance.` : "";
  await notifyWith(
    tx,
    {
      kind: event.kind,
      to: { userIds: [application.userId] },
      title: event.title,
      body: `${event.body(opportunity.title)}${coins}`,
      link: notificationLinks.studentDashboard,
      data: { opportunityTitle: opportunity.title, coinsAwarded, feedback: application.adminFeedback },
      occurrence: changeOf(application),
    },
    step && timelineStep(step),
  );
}

/** A student submitted hours: new work for the admins. `studentName` when the caller has it (ADR 0048). */
export async function hoursSubmitted(
  tx: Transaction,
  application: ApplicationRow,
  opportunity: OpportunityRef,
  submissionId: number,
  hours: number,
  studentName?: string,
  step?: TimelineStep,
): Promise<void> {
  const student = studentName ?? (await nameOf(tx, application.userId));
  await notifyWith(
    tx,
    {
      kind: "new_hours",
      to: "admins",
      title: "Hours to review",
      body: `${student} submitted ${hours} ${hours === 1 ? "hour" : "hours"} on “${opportunity.title}”.`,
      link: notificationLinks.applicationsOf(opportunity.id, "hours_submitted"),
      data: { opportunityTitle: opportunity.title, student, hours },
      occurrence: String(submissionId),
    },
    step && timelineStep(step),
  );
}

/**
 * Hours approved: the coins, and the level and badges they brought. `balance` is the student's balance after the
 * credit when the caller has it (the credit's own answer, ADR 0048); else it is read.
 */
export async function hoursApproved(
  tx: Transaction,
  application: ApplicationRow,
  opportunity: OpportunityRef,
  decision: {
    submissionId: number;
    hours: number;
    coinsAwarded: number;
    badgesEarned: readonly string[];
    balance?: number | null;
  },
  step?: TimelineStep,
): Promise<void> {
  const balance = decision.balance ?? (await balanceOf(tx, application.userId));
  const level = levelFor(balance);
  const leveledUp = decision.coinsAwarded > 0 && levelFor(balance - decision.coinsAwarded) < level;
  const parts = [
    `${decision.hours} ${decision.hours === 1 ? "hour" : "hours"} on “${opportunity.title}” approved: ${decision.coinsAwarded} coins.`,
    leveledUp ? `You reached level ${level}!` : "",
    decision.badgesEarned.length > 0 ? `New badge: ${decision.badgesEarned.join(", ")}.` : "",
  ];
  await notifyWith(
    tx,
    {
      kind: "hours_approved",
      to: { userIds: [application.userId] },
      title: "Hours approved",
      body: parts.filter(Boolean).join(" "),
      link: notificationLinks.studentDashboard,
      data: {
        opportunityTitle: opportunity.title,
        hours: decision.hours,
        coinsAwarded: decision.coinsAwarded,
        balance,
        level: leveledUp ? level : null,
        badges: decision.badgesEarned,
        feedback: application.adminFeedback,
      },
      occurrence: String(decision.submissionId),
    },
    step && timelineStep(step),
  );
}

/** Hours rejected, with the admin's feedback. */
export async function hoursRejected(
  tx: Transaction,
  application: ApplicationRow,
  opportunity: OpportunityRef,
  submission: { id: number; hours: number },
  feedback: string,
  step?: TimelineStep,
): Promise<void> {
  await notifyWith(
    tx,
    {
      kind: "hours_rejected",
      to: { userIds: [application.userId] },
      title: "Hours not approved",
      body: `${submission.hours} ${submission.hours === 1 ? "hour" : "hours"} on “${opportunity.title}” were not approved: “${feedback}” You can submit them again.`,
      link: notificationLinks.studentDashboard,
      data: { opportunityTitle: opportunity.title, hours: submission.hours, feedback },
      occurrence: String(submission.id),
    },
    step && timelineStep(step),
  );
}

/** The on-site supervisor answered the verification link: confirmed, or disputed with a reason. */
export async function hoursVerified(
  tx: Transaction,
  application: ApplicationRow,
  opportunity: OpportunityRef,
  submission: { id: number; hours: number },
  answer: { supervisorName: string; disputeReason: string | null },
): Promise<void> {
  const hours = `${submission.hours} ${submission.hours === 1 ? "hour" : "hours"}`;
  const disputed = answer.disputeReason !== null;
  await notify(tx, {
    kind: disputed ? "hours_disputed" : "hours_verified",
    to: { userIds: [application.userId] },
    title: disputed ? "Your supervisor disputed your hours" : "Your supervisor confirmed your hours",
    body: disputed
      ? `${answer.supervisorName} disputed your ${hours} on “${opportunity.title}”: “${answer.disputeReason}” An administrator will decide them.`
      : `${answer.supervisorName} confirmed your ${hours} on “${opportunity.title}”. An administrator will now review them.`,
    link: notificationLinks.studentDashboard,
    data: {
      opportunityTitle: opportunity.title,
      hours: submission.hours,
      supervisorName: answer.supervisorName,
      feedback: answer.disputeReason,
    },
    occurrence: String(submission.id),
  });
}

/** The opportunity's approved hours reached its target (it is now filled). */
export async function targetReached(tx: Transaction, opportunity: OpportunityRef): Promise<void> {
  await notify(tx, {
    kind: "target_reached",
    to: "admins",
    title: "Hours target reached",
    body: `“${opportunity.title}” reached its hours target and is now filled.`,
    link: notificationLinks.manager,
    data: { opportunityTitle: opportunity.title },
    occurrence: String(opportunity.id),
  });
}

/** Students whose application to the opportunity is still under way (not rejected, not completed). */
async function activeApplicants(tx: Transaction, opportunityId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: applications.userId })
    .from(applications)
    .where(
      and(
        eq(applications.opportunityId, opportunityId),
        inArray(applications.status, ["pending", "accepted", "hours_submitted", "hours_approved"]),
      ),
    );
  return rows.map((row) => row.userId);
}

/** Students in the opportunity's waiting list: waiting, or offered a place they have not taken yet. */
async function studentsInLine(tx: Transaction, opportunityId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: waitlistEntries.userId })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.opportunityId, opportunityId),
        inArray(waitlistEntries.status, ["waiting", "offered"]),
      ),
    );
  return rows.map((row) => row.userId);
}

/**
 * Each change in the words its applicants read, and in those its waiting list reads. A closed opportunity keeps
 * its line, which is offered places again if it reopens (waitlist.service.ts): the line is told so (ADR 0071).
 */
const OPPORTUNITY_EVENTS = {
  changed: {
    kind: "opportunity_changed",
    title: "Opportunity details changed",
    body: (title: string, what: string) =>
      `“${title}” changed its ${what}. Check the new details before you go.`,
    lineBody: (title: string, what: string) =>
      `“${title}”, whose waiting list you are on, changed its ${what}. Check the new details.`,
  },
  closed: {
    kind: "opportunity_closed",
    title: "Opportunity closed",
    body: (title: string) =>
      `“${title}” no longer takes applications. If you were accepted, you can still submit your hours.`,
    lineBody: (title: string) =>
      `“${title}” no longer takes applications, so no place is offered from its waiting list for now. You keep your place in line in case it reopens.`,
  },
  deleted: {
    kind: "opportunity_deleted",
    title: "Opportunity removed",
    body: (title: string) => `“${title}” was removed by the administrators, with its applications.`,
    lineBody: (title: string) => `“${title}” was removed by the administrators, with its waiting list.`,
  },
} as const;

/**
 * An opportunity the student applied to, or waits in line for, changed its place or schedule, closed or was
 * removed. `at` makes each change its own event (the opportunity's updatedAt, or the moment of removal).
 */
export async function opportunityChanged(
  tx: Transaction,
  opportunity: OpportunityRef,
  change: keyof typeof OPPORTUNITY_EVENTS,
  at: Date,
  what = "",
): Promise<void> {
  const event = OPPORTUNITY_EVENTS[change];
  const applicants = await activeApplicants(tx, opportunity.id);
  // Applying ends a place in line, so the two lists do not meet; a student on both would hear as an applicant.
  const inLine = (await studentsInLine(tx, opportunity.id)).filter((id) => !applicants.includes(id));
  const told = [
    { userIds: applicants, body: event.body(opportunity.title, what) },
    { userIds: inLine, body: event.lineBody(opportunity.title, what) },
  ];
  for (const { userIds, body } of told) {
    if (userIds.length === 0) continue;
    await notify(tx, {
      kind: event.kind,
      to: { userIds },
      title: event.title,
      body,
      link:
        change === "deleted"
          ? notificationLinks.studentDashboard
          : notificationLinks.opportunity(opportunity.id),
      data: { opportunityTitle: opportunity.title, what },
      occurrence: `${opportunity.id}@${at.getTime()}`,
    });
  }
}

interface WaitlistEntryRef {
  id: number;
  userId: number;
  offerExpiresAt: Date | null;
}

/**
 * A place freed and the first in line is offered it for 48 hours (docs/product-rules.md §12). One per entry:
 * an entry is offered at most once, so its id is the occurrence.
 */
export async function waitlistOffered(
  tx: Transaction,
  entry: WaitlistEntryRef,
  opportunity: OpportunityRef,
): Promise<void> {
  const deadline = entry.offerExpiresAt ? schoolMomentText(entry.offerExpiresAt) : "";
  await notify(tx, {
    kind: "waitlist_offer",
    to: { userIds: [entry.userId] },
    title: "A place is yours if you take it",
    body: `A place freed on “${opportunity.title}” and you are next in line. It is held for you for 48 hours, until ${deadline}: open the opportunity and take it, or it passes to the next person.`,
    link: notificationLinks.opportunity(opportunity.id),
    data: { opportunityTitle: opportunity.title, offerExpiresAt: entry.offerExpiresAt?.toISOString() },
    occurrence: String(entry.id),
  });
}

/** The offer lapsed unanswered; the place went to the next in line. */
export async function waitlistOfferExpired(
  tx: Transaction,
  entry: WaitlistEntryRef,
  opportunity: OpportunityRef,
): Promise<void> {
  await notify(tx, {
    kind: "waitlist_offer_expired",
    to: { userIds: [entry.userId] },
    title: "Your offered place has passed on",
    body: `The place offered to you on “${opportunity.title}” was not taken within 48 hours, so it went to the next person in line. You can join the waiting list again.`,
    link: notificationLinks.opportunity(opportunity.id),
    data: { opportunityTitle: opportunity.title },
    occurrence: String(entry.id),
  });
}

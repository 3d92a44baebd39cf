// The demo seed (ADR 0005, ADR 0023): on an empty database (no users), one admin, the README's five students
// and a semester of believable history: 25–40 students in every programme, opportunities that ran over the
// last 90 days (one closed, one filled), applications in every state and both admin queues waiting. The
// history is planned in memory from a seeded generator, written in one transaction, and every approval is
// replayed in time order through the decisions module's payAward, so the coin ledger, balances, badges and
// the filled mark come from the same code as a real decision. The badge catalogue is not demo data (badges).

import type { InterestsBody } from "@shared/contract/auth";
import { boundedAward } from "@shared/domain/coins";
import {
  type ApplicationStatus,
  PROGRAMS,
  type Program,
  type VerificationStatus,
} from "@shared/domain/enums";
import { and, count, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client";
import {
  applicationEvents,
  applications,
  hourSubmissions,
  notifications,
  opportunities,
  users,
  waitlistEntries,
} from "../db/schema";
import { inTransaction } from "../db/transaction";
import { createUser } from "../modules/auth/auth.service";
import { hashPassword } from "../modules/auth/password";
import { type CertificateSite, issueCertificate } from "../modules/certificates/certificates.service";
import { payAward } from "../modules/decisions/pay-award";
import {
  buildOpportunity,
  CLOSED_HISTORY_TITLE,
  DEMO_ADMIN_NAME,
  DEMO_STUDENT_NAMES,
  demoDatesOf,
  emailFor,
  FILLED_HISTORY_TITLE,
  HISTORY_OPPORTUNITY_TEMPLATES,
  INDIAN_FIRST_NAMES,
  INDIAN_LAST_NAMES,
  OPPORTUNITY_TEMPLATES,
  type OpportunityTemplate,
  type SeededRandom,
  seededRandom,
} from "./factories";
import { writeNotificationHistory } from "./notification-history";
import {
  DEMO_DISPUTE_REASON,
  DEMO_SUPERVISION,
  descriptionsFor,
  indiaDay,
  REFLECTIONS,
  STUDENT_NAMED_SUPERVISORS,
} from "./service-record";

export const DEMO_ADMIN_PASSWORD = "SevaAdmin#2024";
export const DEMO_STUDENT_PASSWORD = "SevaStudent#2024";

export interface DemoSignIn {
  role: "admin" | "student";
  email: string;
  password: string;
}

export interface DemoOptions {
  /** The history ends here (default: now); the same seed and `now` give the same world. */
  now?: Date;
  seed?: number;
  /** With the signing key, the first demo student holds a certificate of all her approved service. */
  certificates?: CertificateSite;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The span of the history: applications and decisions fall in the last 90 days. */
export const DEMO_HISTORY_DAYS = 90;
const STUDENTS_PER_PROGRAM = { min: 25, max: 40 };

/**
 * The README's students already answered the interests question (ADR 0035), so 'Recommended' shows real matches
 * from the first visit: each shares the cause and a skill, or two skills, with some current opportunities.
 */
const DEMO_INTERESTS: Record<string, InterestsBody> = {
  Asha: { skills: ["Maths", "Computers", "Communication"], types: ["teaching"] },
  Rohan: { skills: ["Computers", "Research", "Maths"], types: ["mentoring"] },
  Priya: { skills: ["English", "Writing", "Languages"], types: ["teaching", "community_service"] },
  Arjun: { skills: ["Leadership", "Communication"], types: ["mentoring", "donation"] },
  Kavya: { skills: ["Research", "Science", "Writing"], types: ["community_service"] },
};

/** How often each final state is aimed at; the timeline may stop an application earlier (see `simulate`). */
const TARGET_WEIGHTS: [ApplicationStatus, number][] = [
  ["pending", 0.08],
  ["rejected", 0.1],
  ["accepted", 0.12],
  ["hours_submitted", 0.1],
  ["hours_approved", 0.32],
  ["completed", 0.28],
];
/** Days before `now` an application aiming at each state was made (its timeline needs room). */
const APPLIED_DAYS_AGO: Record<ApplicationStatus, [number, number]> = {
  pending: [0.2, 12],
  rejected: [3, 88],
  accepted: [3, 40],
  hours_submitted: [8, 60],
  hours_approved: [15, 88],
  completed: [25, 88],
  withdrawn: [2, 40],
};
const HOURS_REJECTED_FEEDBACK = [
  "Please add the dates you served and what you did on each day, then submit again.",
  "The coordinator could not confirm these hours yet; please resubmit once they have.",
  "These hours look higher than the sessions held; please check and submit the hours you served.",
];
const COMPLETED_FEEDBACK = [
  "Thank you: the partner was delighted with your work this term.",
  "Completed with thanks. The coordinator mentioned your patience with the children.",
  "Great commitment throughout; we hope to see you on the next drive.",
];

interface PlannedOpportunity {
  template: OpportunityTemplate;
  createdAt: Date;
  /** When it takes place, for the dated ones (factories.ts, DEMO_OPPORTUNITY_DATES). */
  dates: { startsAt: Date; endsAt: Date } | undefined;
  status: "open" | "closed";
  closedAt: Date | null;
  filled: boolean;
  /** Application targets this opportunity may take (the filled one only takes finished work). */
  targets: readonly ApplicationStatus[] | null;
  /** At most this many applications that are not rejected (capacity, with room left for newcomers). */
  places: number;
  taken: number;
  approvedHours: number;
}

interface PlannedSubmission {
  hours: number;
  submittedAt: Date;
  outcome: "pending" | "approved" | "rejected";
  reviewedAt: Date | null;
  requested: number;
  coins: number;
  feedback: string | null;
  /** India days served: after the acceptance, before the submission, within the opportunity's life. */
  servedFrom: string;
  servedTo: string;
  description: string;
  reflection: string | null;
  /** The on-site supervisor's answer, on the opportunities that ask one (service-record.ts). */
  verification: VerificationStatus;
  supervisor: { name: string; email: string } | null;
  verifiedAt: Date | null;
  disputeReason: string | null;
}

interface PlannedApplication {
  student: number;
  opportunity: number;
  status: ApplicationStatus;
  appliedAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  notes: string | null;
  adminFeedback: string | null;
  submissions: PlannedSubmission[];
  coins: number;
}

interface PlannedStudent {
  firstName: string;
  lastName: string;
  email: string;
  program: Program;
  createdAt: Date;
  /** One of the README's demo students (created through createUser, history only on past opportunities). */
  readme: boolean;
  anonymous: boolean;
}

function pickTarget(random: SeededRandom): ApplicationStatus {
  const roll = random.next();
  let total = 0;
  for (const [status, weight] of TARGET_WEIGHTS) {
    total += weight;
    if (roll < total) return status;
  }
  return "completed";
}

/**
 * Lives one application forward from `appliedAt` towards `target`, as students and the admin would: decided a
 * few days later, hours submitted and reviewed in rounds (some rejected with feedback), completed at the end.
 * Whatever would happen after `now` does not happen yet, so the state is always one the app could be in.
 */
function simulate(
  random: SeededRandom,
  details: SeededRandom,
  opportunity: PlannedOpportunity,
  target: ApplicationStatus,
  appliedAt: number,
  now: number,
): Omit<PlannedApplication, "student" | "opportunity"> {
  const limit = now - HOUR_MS;
  const { coinsPerHour, maxCoins } = opportunity.template;
  const plan: Omit<PlannedApplication, "student" | "opportunity"> = {
    status: "pending",
    appliedAt: new Date(appliedAt),
    updatedAt: new Date(appliedAt),
    completedAt: null,
    notes: null,
    adminFeedback: null,
    submissions: [],
    coins: 0,
  };
  const decidedAt = appliedAt + random.int(12, 96) * HOUR_MS;
  if (target === "pending" || decidedAt > limit) return plan;
  plan.updatedAt = new Date(decidedAt);
  if (target === "rejected") {
    plan.status = "rejected";
    plan.notes = "Application rejected by admin";
    return plan;
  }
  plan.status = "accepted";
  plan.notes = "Application accepted by admin";
  if (target === "accepted") return plan;

  let time = decidedAt;
  const rounds = target === "hours_submitted" ? random.int(1, 2) : random.int(1, 3);
  for (let round = 0; round < rounds; round++) {
    const submittedAt = time + random.int(2, 12) * DAY_MS + random.int(0, 10) * HOUR_MS;
    if (submittedAt > limit) break;
    const hours = random.int(2, 10);
    const target_ = opportunity.template.totalRequiredHours;
    // An approval must not reach a target the history does not mean to reach (only the filled one does).
    if (!opportunity.filled && target_ !== null && opportunity.approvedHours + hours >= target_) break;
    // The acceptance is dated, on the timeline, halfway to the first hours (seva_backfill_application_events).
    const earliest = round === 0 ? appliedAt + (submittedAt - appliedAt) / 2 : time;
    const submission: PlannedSubmission = {
      hours,
      submittedAt: new Date(submittedAt),
      outcome: "pending",
      reviewedAt: null,
      requested: hours * coinsPerHour,
      coins: 0,
      feedback: null,
      ...servedBetween(details, opportunity, earliest, submittedAt),
      description: details.pick(descriptionsFor(opportunity.template.title)),
      reflection: details.next() < 0.35 ? details.pick(REFLECTIONS) : null,
      verification: "not_required",
      supervisor: null,
      verifiedAt: null,
      disputeReason: null,
    };
    plan.submissions.push(submission);
    plan.updatedAt = submission.submittedAt;
    const reviewedAt = submittedAt + random.int(6, 72) * HOUR_MS;
    if ((target === "hours_submitted" && round === rounds - 1) || reviewedAt > limit) {
      plan.status = "hours_submitted";
      return plan;
    }
    submission.reviewedAt = new Date(reviewedAt);
    plan.updatedAt = submission.reviewedAt;
    time = reviewedAt;
    if (!opportunity.filled && random.next() < 0.1) {
      submission.outcome = "rejected";
      submission.feedback = random.pick(HOURS_REJECTED_FEEDBACK);
      plan.adminFeedback = submission.feedback;
      plan.status =
        plan.coins > 0 || plan.submissions.some((s) => s.outcome === "approved")
          ? "hours_approved"
          : "accepted";
      continue;
    }
    submission.outcome = "approved";
    submission.coins = boundedAward(submission.requested, plan.coins, maxCoins);
    submission.feedback = "Hours approved by admin";
    plan.adminFeedback = submission.feedback;
    plan.coins += submission.coins;
    opportunity.approvedHours += hours;
    plan.status = "hours_approved";
  }
  if (target === "completed" && plan.status === "hours_approved") {
    const completedAt = time + random.int(1, 5) * DAY_MS;
    if (completedAt <= limit) {
      plan.status = "completed";
      plan.completedAt = new Date(completedAt);
      plan.updatedAt = plan.completedAt;
      plan.adminFeedback = random.pick(COMPLETED_FEEDBACK);
    }
  }
  return plan;
}

/**
 * The days served before a submission: ending up to a day before it, spanning up to a week, never before
 * `earliest` (the acceptance or the last review) nor after the opportunity closed.
 */
function servedBetween(
  details: SeededRandom,
  opportunity: PlannedOpportunity,
  earliest: number,
  submittedAt: number,
) {
  const closedAt = opportunity.closedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const floor = Math.max(earliest, opportunity.createdAt.getTime());
  const to = Math.max(floor, Math.min(submittedAt - details.int(0, 24) * HOUR_MS, closedAt));
  const from = Math.max(floor, to - details.int(0, 6) * DAY_MS);
  return { servedFrom: indiaDay(from), servedTo: indiaDay(to) };
}

/**
 * The supervisor's answers on the opportunities that ask one: reviewed hours were confirmed before the review;
 * of the hours still under review, the newest waits for the supervisor, the next was disputed (the admin's queue
 * shows both), the rest were confirmed.
 */
function planVerification(
  details: SeededRandom,
  planned: PlannedOpportunity[],
  history: PlannedApplication[],
  now: number,
): void {
  const underReview: PlannedSubmission[] = [];
  for (const application of history) {
    const opportunity = planned[application.opportunity] as PlannedOpportunity;
    const supervision = DEMO_SUPERVISION[opportunity.template.title];
    if (!supervision) continue;
    for (const submission of application.submissions) {
      submission.supervisor =
        supervision.supervisorName && supervision.supervisorEmail
          ? { name: supervision.supervisorName, email: supervision.supervisorEmail }
          : details.pick(STUDENT_NAMED_SUPERVISORS);
      const submitted = submission.submittedAt.getTime();
      const until = submission.reviewedAt?.getTime() ?? now - HOUR_MS;
      submission.verification = "confirmed";
      submission.verifiedAt = new Date(submitted + (until - submitted) * (0.2 + details.next() * 0.5));
      if (submission.outcome === "pending") underReview.push(submission);
    }
  }
  underReview.sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime());
  const [waiting, disputed] = underReview;
  if (waiting) {
    waiting.verification = "pending";
    waiting.verifiedAt = null;
  }
  if (disputed) {
    disputed.verification = "disputed";
    disputed.disputeReason = DEMO_DISPUTE_REASON;
  }
}

function planStudents(random: SeededRandom, domain: string, now: number): PlannedStudent[] {
  const students: PlannedStudent[] = DEMO_STUDENT_NAMES.map((student) => ({
    ...student,
    email: emailFor(student.firstName, student.lastName, domain),
    createdAt: new Date(now - 100 * DAY_MS),
    readme: true,
    anonymous: false,
  }));
  const emails = new Set(students.map((student) => student.email));
  for (const program of PROGRAMS) {
    const wanted = random.int(STUDENTS_PER_PROGRAM.min, STUDENTS_PER_PROGRAM.max);
    let have = students.filter((student) => student.program === program).length;
    while (have < wanted) {
      const firstName = random.pick(INDIAN_FIRST_NAMES);
      const lastName = random.pick(INDIAN_LAST_NAMES);
      let email = emailFor(firstName, lastName, domain);
      for (let suffix = 2; emails.has(email); suffix++)
        email = emailFor(firstName, `${lastName}${suffix}`, domain);
      emails.add(email);
      // Most registered at the start of the term, some during it.
      const daysAgo = random.next() < 0.8 ? random.int(95, 110) : random.int(30, 94);
      students.push({
        firstName,
        lastName,
        email,
        program,
        createdAt: new Date(now - daysAgo * DAY_MS - random.int(0, 23) * HOUR_MS),
        readme: false,
        anonymous: false,
      });
      have++;
    }
  }
  return students;
}

function planOpportunities(random: SeededRandom, now: number): PlannedOpportunity[] {
  const history = HISTORY_OPPORTUNITY_TEMPLATES.map((template): PlannedOpportunity => {
    const closed = template.title === CLOSED_HISTORY_TITLE;
    const filled = template.title === FILLED_HISTORY_TITLE;
    return {
      template,
      createdAt: new Date(now - random.int(92, 100) * DAY_MS),
      dates: demoDatesOf(template.title, now),
      status: closed ? "closed" : "open",
      closedAt: closed ? new Date(now - random.int(20, 30) * DAY_MS) : null,
      filled,
      targets: filled ? ["hours_approved", "completed", "completed", "rejected"] : null,
      places: filled ? 8 : Number.POSITIVE_INFINITY,
      taken: 0,
      approvedHours: 0,
    };
  });
  // The open opportunities anyone can apply to today were published during the term, newest last; they keep
  // half their places free, so a visitor can still apply.
  const current = OPPORTUNITY_TEMPLATES.map(
    (template, index): PlannedOpportunity => ({
      template,
      createdAt: new Date(now - (70 - index * 8) * DAY_MS - random.int(0, 12) * HOUR_MS),
      dates: demoDatesOf(template.title, now),
      status: "open",
      closedAt: null,
      filled: false,
      targets: null,
      places: template.capacity === null ? 30 : Math.floor(template.capacity / 2),
      taken: 0,
      approvedHours: 0,
    }),
  );
  return [...history, ...current];
}

function planApplications(
  random: SeededRandom,
  details: SeededRandom,
  students: PlannedStudent[],
  planned: PlannedOpportunity[],
  now: number,
): PlannedApplication[] {
  const historyCount = HISTORY_OPPORTUNITY_TEMPLATES.length;
  const result: PlannedApplication[] = [];
  students.forEach((student, studentIndex) => {
    const active = student.readme || random.next() >= 0.15;
    if (!active) return;
    const wanted = student.readme ? random.int(2, 3) : random.int(1, 5);
    const chosen = new Set<number>();
    for (let attempt = 0; chosen.size < wanted && attempt < 20; attempt++) {
      // The README's students keep the current opportunities free for whoever tries the demo as them.
      const index = student.readme ? random.int(0, historyCount - 1) : random.int(0, planned.length - 1);
      const opportunity = planned[index] as PlannedOpportunity;
      if (chosen.has(index)) continue;
      let target = opportunity.targets ? random.pick(opportunity.targets) : pickTarget(random);
      if (opportunity.status === "closed" && target === "pending") target = "accepted";
      if (opportunity.taken >= opportunity.places) continue;
      const [fromDays, toDays] = opportunity.filled ? [60, 88] : APPLIED_DAYS_AGO[target];
      let appliedAt = now - (fromDays + random.next() * (toDays - fromDays)) * DAY_MS;
      appliedAt = Math.max(appliedAt, opportunity.createdAt.getTime() + random.int(3, 48) * HOUR_MS);
      if (opportunity.closedAt) appliedAt = Math.min(appliedAt, opportunity.closedAt.getTime() - DAY_MS);
      if (appliedAt > now - HOUR_MS) continue;
      chosen.add(index);
      const plan = simulate(random, details, opportunity, target, appliedAt, now);
      if (plan.status !== "rejected") opportunity.taken++;
      result.push({ student: studentIndex, opportunity: index, ...plan });
    }
  });
  return result;
}

/** Plans the whole world in memory: no database, no clock, no Math.random. */
export function planDemo(domain: string, options: DemoOptions = {}) {
  const now = (options.now ?? new Date()).getTime();
  const random = seededRandom(options.seed ?? 2024);
  const students = planStudents(random, domain, now);
  const planned = planOpportunities(random, now);
  // What students wrote and what supervisors answered come from a second generator, so the world's shape
  // (who applied where, in which state) is the one the first draws alone.
  const details = seededRandom((options.seed ?? 2024) + 1);
  const history = planApplications(random, details, students, planned, now);
  planVerification(details, planned, history, now);

  // Exactly one student chose to be anonymous: one of the leaders, so the leaderboard shows it.
  const coins = new Map<number, number>();
  for (const application of history)
    coins.set(application.student, (coins.get(application.student) ?? 0) + application.coins);
  const leaders = [...coins.entries()]
    .filter(([index]) => !students[index]?.readme)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const anonymous = students[leaders[3]?.[0] ?? leaders[0]?.[0] ?? -1];
  if (anonymous) anonymous.anonymous = true;
  return { now, students, opportunities: planned, applications: history };
}

async function writeDemo(tx: Transaction, domain: string, options: DemoOptions): Promise<DemoSignIn[]> {
  const plan = planDemo(domain, options);
  const signIns: DemoSignIn[] = [];
  const adminEmail = `admin@${domain}`;
  const admin = await createUser(tx, {
    email: adminEmail,
    password: DEMO_ADMIN_PASSWORD,
    firstName: DEMO_ADMIN_NAME.firstName,
    lastName: DEMO_ADMIN_NAME.lastName,
    program: "Staff",
    role: "admin",
  });
  signIns.push({ role: "admin", email: adminEmail, password: DEMO_ADMIN_PASSWORD });

  // The README's students are registered as anyone is; the rest of the class shares their password, hashed
  // once (one argon2 hash per student would cost seconds).
  const studentIds: number[] = [];
  for (const student of plan.students.filter((s) => s.readme)) {
    const { firstName, lastName, program, email } = student;
    const created = await createUser(tx, {
      firstName,
      lastName,
      program,
      email,
      password: DEMO_STUDENT_PASSWORD,
      role: "student",
    });
    const interests = DEMO_INTERESTS[firstName] ?? { skills: [], types: [] };
    await tx
      .update(users)
      .set({
        interestSkills: interests.skills,
        interestTypes: interests.types,
        interestsAskedAt: student.createdAt,
      })
      .where(eq(users.id, created.id));
    studentIds.push(created.id);
    signIns.push({ role: "student", email, password: DEMO_STUDENT_PASSWORD });
  }
  const passwordHash = await hashPassword(DEMO_STUDENT_PASSWORD);
  const crowd = await tx
    .insert(users)
    .values(
      plan.students
        .filter((s) => !s.readme)
        .map((student) => ({
          email: student.email,
          passwordHash,
          firstName: student.firstName,
          lastName: student.lastName,
          program: student.program,
          role: "student" as const,
          anonymizeLeaderboard: student.anonymous,
          // Asked at registration and skipped: nobody signing in as one of the class meets the question.
          interestsAskedAt: student.createdAt,
          createdAt: student.createdAt,
          updatedAt: student.createdAt,
        })),
    )
    .returning({ id: users.id });
  studentIds.push(...crowd.map((row) => row.id));

  const filledHours = plan.opportunities
    .filter((opportunity) => opportunity.filled)
    .reduce((sum, opportunity) => sum + opportunity.approvedHours, 0);
  const opportunityRows = await tx
    .insert(opportunities)
    .values(
      plan.opportunities.map((opportunity) => ({
        ...buildOpportunity(opportunity.template, admin.id),
        ...opportunity.dates,
        ...(DEMO_SUPERVISION[opportunity.template.title]
          ? { verification: "supervisor" as const, ...DEMO_SUPERVISION[opportunity.template.title] }
          : {}),
        // The filled opportunity's target is the hours its history approves: the last approval reaches it.
        totalRequiredHours: opportunity.filled ? filledHours : opportunity.template.totalRequiredHours,
        status: opportunity.status,
        createdAt: opportunity.createdAt,
        updatedAt: opportunity.closedAt ?? opportunity.createdAt,
      })),
    )
    .returning({
      id: opportunities.id,
      title: opportunities.title,
      maxCoins: opportunities.maxCoins,
      totalRequiredHours: opportunities.totalRequiredHours,
    });

  const applicationRows = await tx
    .insert(applications)
    .values(
      plan.applications.map((application) => {
        const last = application.submissions.at(-1);
        return {
          userId: studentIds[application.student] as number,
          opportunityId: (opportunityRows[application.opportunity] as { id: number }).id,
          status: application.status,
          appliedAt: application.appliedAt,
          completedAt: application.completedAt,
          notes: application.notes,
          // Hours and coins start at 0: the replay below adds each approval as approveHours does.
          submittedHours: last?.hours ?? 0,
          hourSubmissionDate: last?.submittedAt ?? null,
          adminFeedback: application.adminFeedback,
          updatedAt: application.updatedAt,
        };
      }),
    )
    .returning({ id: applications.id });

  const submissions = plan.applications.flatMap((application, index) =>
    application.submissions.map((submission) => ({ applicationIndex: index, submission })),
  );
  const submissionRows =
    submissions.length === 0
      ? []
      : await tx
          .insert(hourSubmissions)
          .values(
            submissions.map(({ applicationIndex, submission }) => ({
              applicationId: (applicationRows[applicationIndex] as { id: number }).id,
              hours: submission.hours,
              submittedAt: submission.submittedAt,
              status: submission.outcome,
              reviewedBy: submission.reviewedAt ? admin.id : null,
              reviewedAt: submission.reviewedAt,
              coinsAwarded: submission.coins,
              feedback: submission.feedback,
              servedFrom: submission.servedFrom,
              servedTo: submission.servedTo,
              description: submission.description,
              reflection: submission.reflection,
              verificationStatus: submission.verification,
              supervisorName: submission.supervisor?.name ?? null,
              supervisorEmail: submission.supervisor?.email ?? null,
              verificationSentAt: submission.supervisor ? submission.submittedAt : null,
              // A link unanswered for three days has had its one reminder (docs/product-rules.md §10).
              verificationRemindedAt:
                submission.verification === "pending" &&
                submission.submittedAt.getTime() < plan.now - 3 * DAY_MS
                  ? new Date(submission.submittedAt.getTime() + 3 * DAY_MS)
                  : null,
              verifiedAt: submission.verification === "pending" ? null : submission.verifiedAt,
              disputeReason: submission.disputeReason,
            })),
          )
          .returning({ id: hourSubmissions.id });

  // The approvals, replayed in the order they happened: the ledger, balances, badges (with the day they were
  // earned) and the filled mark all come from payAward, the end of every real paying decision.
  const approvals = submissions
    .map((entry, index) => ({ ...entry, id: (submissionRows[index] as { id: number }).id }))
    .filter(({ submission }) => submission.outcome === "approved")
    .sort(
      (a, b) =>
        (a.submission.reviewedAt?.getTime() ?? 0) - (b.submission.reviewedAt?.getTime() ?? 0) || a.id - b.id,
    );
  for (const { applicationIndex, submission, id } of approvals) {
    const planned = plan.applications[applicationIndex] as PlannedApplication;
    const opportunity = opportunityRows[planned.opportunity] as (typeof opportunityRows)[number];
    const [updated] = await tx
      .update(applications)
      .set({
        hoursCompleted: sql`${applications.hoursCompleted} + ${submission.hours}`,
        coinsAwarded: sql`${applications.coinsAwarded} + ${submission.coins}`,
      })
      .where(eq(applications.id, (applicationRows[applicationIndex] as { id: number }).id))
      .returning();
    if (!updated) throw new Error("demo application vanished");
    await payAward(tx, {
      application: updated,
      opportunity,
      admin,
      requested: submission.requested,
      award: submission.coins,
      reason: `${submission.hours} hours approved`,
      hourSubmissionId: id,
      messagePrefix: "Hours approved",
      ...(submission.reviewedAt ? { at: submission.reviewedAt } : {}),
    });
    // The approval that reached an opportunity's target told the admins (payAward); the notice is dated when
    // that happened, not at the seed's moment, which would put it first and unread in every admin's list. Only
    // the notice just written still carries the transaction's time: a later approval leaves it as it is.
    if (opportunity.totalRequiredHours && submission.reviewedAt) {
      await tx
        .update(notifications)
        .set({ createdAt: submission.reviewedAt })
        .where(
          and(
            eq(notifications.dedupeKey, `target_reached:${opportunity.id}:admins`),
            eq(notifications.createdAt, sql`now()`),
          ),
        );
    }
  }
  await writeWaitingList(tx, plan, opportunityRows, studentIds);
  await writeTimelines(tx, submissions, submissionRows, applicationRows);
  // Replaying the history told no one: the last weeks of it are told now, each dated when it happened.
  const featured = studentIds.slice(0, plan.students.filter((student) => student.readme).length);
  await writeNotificationHistory(tx, new Date(plan.now), featured);
  // The semester's history is the demo's past, not news: its students start with nothing to celebrate (ADR 0032).
  // Celebrating it at each demo student's first page would lengthen every first page the browser tests measure.
  await tx.update(users).set({ celebratedCoins: users.coins });
  return signIns;
}

/**
 * Every demo application's timeline (ADR 0040): the steps its rows tell, rebuilt by the function migration 0012
 * defines, then the supervisor's steps, which no row but the submission's own keeps.
 */
async function writeTimelines(
  tx: Transaction,
  submissions: { applicationIndex: number; submission: PlannedSubmission }[],
  submissionRows: { id: number }[],
  applicationRows: { id: number }[],
): Promise<void> {
  await tx.execute(sql`select seva_backfill_application_events()`);
  const steps = submissions.flatMap(({ applicationIndex, submission }, index) => {
    const { supervisor } = submission;
    if (!supervisor) return [];
    const common = {
      applicationId: (applicationRows[applicationIndex] as { id: number }).id,
      hourSubmissionId: (submissionRows[index] as { id: number }).id,
      actorName: supervisor.name,
      hours: submission.hours,
    };
    const asked = {
      ...common,
      kind: "verification_requested" as const,
      actor: "system" as const,
      at: new Date(submission.submittedAt.getTime() + 60_000),
    };
    if (submission.verification === "pending" || !submission.verifiedAt) return [asked];
    const answered = {
      ...common,
      kind: submission.verification === "disputed" ? ("disputed" as const) : ("verified" as const),
      actor: "supervisor" as const,
      at: submission.verifiedAt,
      note: submission.disputeReason,
    };
    return [asked, answered];
  });
  if (steps.length > 0) await tx.insert(applicationEvents).values(steps);
}

/** The demo's full opportunity: its places all taken, so its page offers the waiting list. */
export const DEMO_WAITLIST_TITLE = "Startup Clinic for Women-Led Micro-Enterprises";

/**
 * One current opportunity is full, with three students in line (ADR 0037), so the first `npm start` shows a
 * waiting list: its capacity becomes the places its applications hold, and three of the class who did not apply
 * joined its line over the last days.
 */
async function writeWaitingList(
  tx: Transaction,
  plan: ReturnType<typeof planDemo>,
  opportunityRows: { id: number; title: string }[],
  studentIds: number[],
): Promise<void> {
  const index = plan.opportunities.findIndex(
    (opportunity) => opportunity.template.title === DEMO_WAITLIST_TITLE,
  );
  const row = opportunityRows[index];
  if (!row) return;
  const applied = new Set(
    plan.applications.filter((application) => application.opportunity === index).map((a) => a.student),
  );
  const held = plan.applications.filter(
    (application) => application.opportunity === index && application.status !== "rejected",
  ).length;
  if (held === 0) return;
  await tx.update(opportunities).set({ capacity: held }).where(eq(opportunities.id, row.id));
  const readme = plan.students.filter((student) => student.readme).length;
  const free = studentIds.filter((_, student) => student >= readme && !applied.has(student));
  const waiting = free.slice(0, 3);
  // Before the line formed, one student withdrew from it (docs/product-rules.md §12): admins see it apart.
  const withdrew = free[3];
  if (withdrew !== undefined) {
    await tx.insert(applications).values({
      userId: withdrew,
      opportunityId: row.id,
      status: "withdrawn",
      appliedAt: new Date(plan.now - 10 * DAY_MS),
      updatedAt: new Date(plan.now - 6 * DAY_MS),
    });
  }
  await tx.insert(waitlistEntries).values(
    waiting.map((userId, position) => ({
      opportunityId: row.id,
      userId,
      joinedAt: new Date(plan.now - (3 - position) * DAY_MS),
    })),
  );
}

/** Seeds the demo when the database has no users; returns the sign-ins it created (empty when it did nothing). */
export async function seedDemo(
  db: Database,
  domain: string,
  options: DemoOptions = {},
): Promise<DemoSignIn[]> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return [];
  const signIns = await inTransaction(db, (tx) => writeDemo(tx, domain, options));
  if (options.certificates) await issueDemoCertificate(db, options.certificates, domain);
  return signIns;
}

/**
 * Asha's certificate of all her approved service, issued as she would from her profile (signed with this install's
 * key, so its page says 'Valid'). Issued after the history commits, through the product's own issuing path.
 */
async function issueDemoCertificate(db: Database, site: CertificateSite, domain: string): Promise<void> {
  const [asha] = await db
    .select()
    .from(users)
    .where(eq(users.email, `asha.rao@${domain}`));
  if (asha) await issueCertificate(db, site, asha, { scope: "all" });
}

// Generates a realistic history straight into the database: students, opportunities over a span of days,
// applications in every status with their hour submissions and ledger rows, balances and badges, all
// consistent with the ledger invariants (src/server/modules/coins/ledger-check.ts). Shared by tests and the
// benchmarks' data generator (bench/generate-data.ts). Deterministic for a given seed.

import type { Database } from "@server/db/client";
import { applications, coinLedger, hourSubmissions, opportunities, users } from "@server/db/schema";
import {
  buildOpportunity,
  INDIAN_FIRST_NAMES,
  INDIAN_LAST_NAMES,
  OPPORTUNITY_TEMPLATES,
  seededRandom,
} from "@server/demo/factories";
import { hashPassword } from "@server/modules/auth/password";
import type { ApplicationStatus } from "@shared/domain/enums";
import { SKILLS } from "@shared/domain/enums";
import { sql } from "drizzle-orm";

export interface HistoryOptions {
  students: number;
  opportunities: number;
  applications: number;
  /** History spreads over the `spanDays` days before `now`. */
  spanDays: number;
  now?: Date;
  seed?: number;
  domain?: string;
  /** Password of every generated student (hashed once). */
  password?: string;
  /** Creator of the generated opportunities. */
  adminId: number;
  anonymousShare?: number;
}

const DAY_MS = 86_400_000;
const BATCH = 1000;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let index = 0; index < rows.length; index += BATCH) await insert(rows.slice(index, index + BATCH));
}

const STATUS_WEIGHTS: [ApplicationStatus, number][] = [
  ["pending", 0.12],
  ["accepted", 0.14],
  ["rejected", 0.08],
  ["hours_submitted", 0.08],
  ["hours_approved", 0.33],
  ["completed", 0.25],
];

function pickStatus(roll: number): ApplicationStatus {
  let total = 0;
  for (const [status, weight] of STATUS_WEIGHTS) {
    total += weight;
    if (roll < total) return status;
  }
  return "completed";
}

export async function generateHistory(
  db: Database,
  options: HistoryOptions,
): Promise<{ studentIds: number[]; opportunityIds: number[] }> {
  const random = seededRandom(options.seed ?? 42);
  const now = (options.now ?? new Date()).getTime();
  const span = options.spanDays * DAY_MS;
  const at = (offset: number) => new Date(Math.min(now - 60_000, offset));
  const passwordHash = await hashPassword(options.password ?? "generated-student-password");
  const domain = options.domain ?? "iimb.ac.in";
  const tag = `${options.seed ?? 42}.${Date.now().toString(36)}`;

  const studentRows = Array.from({ length: options.students }, (_, index) => {
    const firstName = random.pick(INDIAN_FIRST_NAMES);
    const lastName = random.pick(INDIAN_LAST_NAMES);
    return {
      email: `${firstName}.${lastName}.${index}.${tag}@${domain}`.toLowerCase(),
      passwordHash,
      firstName,
      lastName,
      program: random.pick(["PGP", "PGPBA", "Executive", "PhD"] as const),
      role: "student" as const,
      anonymizeLeaderboard: random.next() < (options.anonymousShare ?? 0.1),
      createdAt: at(now - span - DAY_MS),
    };
  });
  const studentIds: number[] = [];
  await insertInBatches(studentRows, async (batch) => {
    const inserted = await db.insert(users).values(batch).returning({ id: users.id });
    studentIds.push(...inserted.map((row) => row.id));
  });

  const opportunityRows = Array.from({ length: options.opportunities }, (_, index) => {
    const template = random.pick(OPPORTUNITY_TEMPLATES);
    const createdAt = at(now - span + random.next() * span * 0.9);
    return {
      ...buildOpportunity(template, options.adminId),
      title: `${template.title} #${index + 1}`,
      skills: [random.pick(SKILLS), random.pick(SKILLS)].filter((skill, i, all) => all.indexOf(skill) === i),
      capacity: null,
      totalRequiredHours: null,
      maxCoins: random.pick([100, 200, 300, 500]),
      coinsPerHour: random.pick([5, 10, 15, 20]),
      status: random.next() < 0.8 ? ("open" as const) : random.pick(["closed", "filled"] as const),
      createdAt,
      updatedAt: createdAt,
    };
  });
  const opportunityList: {
    id: number;
    createdAt: Date;
    maxCoins: number;
    coinsPerHour: number;
    title: string;
  }[] = [];
  await insertInBatches(opportunityRows, async (batch) => {
    const inserted = await db.insert(opportunities).values(batch).returning({
      id: opportunities.id,
      createdAt: opportunities.createdAt,
      maxCoins: opportunities.maxCoins,
      coinsPerHour: opportunities.coinsPerHour,
      title: opportunities.title,
    });
    opportunityList.push(...inserted);
  });

  // Unique (student, opportunity) pairs.
  const pairs = new Set<string>();
  const applicationRows: (typeof applications.$inferInsert)[] = [];
  const plans: {
    status: ApplicationStatus;
    hours: number;
    coins: number;
    reviewedAt: Date;
    opportunity: (typeof opportunityList)[number];
  }[] = [];
  const maxPairs = studentIds.length * opportunityList.length;
  while (applicationRows.length < Math.min(options.applications, maxPairs)) {
    const userId = random.pick(studentIds);
    const opportunity = random.pick(opportunityList);
    const key = `${userId}:${opportunity.id}`;
    if (pairs.has(key)) continue;
    pairs.add(key);
    const appliedAt = at(
      opportunity.createdAt.getTime() + random.next() * (now - opportunity.createdAt.getTime()),
    );
    const reviewedAt = at(appliedAt.getTime() + random.int(1, 10) * DAY_MS);
    const status = reviewedAt.getTime() >= now - 60_000 ? "pending" : pickStatus(random.next());
    const hours = random.int(1, 12);
    const coins = Math.min(hours * opportunity.coinsPerHour, opportunity.maxCoins);
    const paid = status === "hours_approved" || status === "completed";
    applicationRows.push({
      userId,
      opportunityId: opportunity.id,
      status,
      appliedAt,
      updatedAt: paid ? reviewedAt : appliedAt,
      completedAt: status === "completed" ? reviewedAt : null,
      coinsAwarded: paid ? coins : 0,
      hoursCompleted: paid ? hours : 0,
      submittedHours: paid || status === "hours_submitted" ? hours : 0,
      hourSubmissionDate: paid || status === "hours_submitted" ? appliedAt : null,
    });
    plans.push({ status, hours, coins, reviewedAt, opportunity });
  }
  const applicationIds: number[] = [];
  await insertInBatches(applicationRows, async (batch) => {
    const inserted = await db.insert(applications).values(batch).returning({ id: applications.id });
    applicationIds.push(...inserted.map((row) => row.id));
  });

  const submissionRows: (typeof hourSubmissions.$inferInsert)[] = [];
  const ledgerRows: (typeof coinLedger.$inferInsert)[] = [];
  plans.forEach((plan, index) => {
    const applicationId = applicationIds[index] as number;
    const application = applicationRows[index] as (typeof applicationRows)[number];
    if (plan.status === "hours_submitted") {
      submissionRows.push({ applicationId, hours: plan.hours, submittedAt: application.appliedAt as Date });
    }
    if (plan.status === "hours_approved" || plan.status === "completed") {
      submissionRows.push({
        applicationId,
        hours: plan.hours,
        submittedAt: application.appliedAt as Date,
        status: "approved",
        reviewedBy: options.adminId,
        reviewedAt: plan.reviewedAt,
        coinsAwarded: plan.coins,
      });
      ledgerRows.push({
        userId: application.userId,
        amount: plan.coins,
        reason: `${plan.hours} hours approved`,
        applicationId,
        opportunityId: plan.opportunity.id,
        opportunityTitle: plan.opportunity.title,
        awardedBy: options.adminId,
        createdAt: plan.reviewedAt,
      });
    }
  });
  await insertInBatches(submissionRows, (batch) => db.insert(hourSubmissions).values(batch));
  await insertInBatches(ledgerRows, (batch) => db.insert(coinLedger).values(batch));

  // Balances and badges follow from the ledger, as they would have decision by decision.
  await db.execute(sql`update users u set coins = l.total
    from (select user_id, sum(amount)::int as total from coin_ledger group by user_id) l
    where l.user_id = u.id and u.coins <> l.total`);
  await db.execute(sql`insert into user_badges (user_id, badge_id, earned_at)
    select u.id, b.id, now() from users u join badges b on b.coins_required <= u.coins
    where u.role = 'student' on conflict do nothing`);
  // Fresh statistics, as autovacuum would gather after a while: without them the planner takes the bulk-loaded
  // tables for empty and picks nested loops.
  await db.execute(sql`analyze`);
  return { studentIds, opportunityIds: opportunityList.map((opportunity) => opportunity.id) };
}

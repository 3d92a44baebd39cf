// The randomised decision driver shared by the in-process test (app.inject) and the process tests (HTTP to one
// or several servers): many concurrent clients choose random decisions (apply, accept, reject, submit hours,
// approve, reject hours, complete, close, delete), often send the same decision twice at once, and tally the
// answers. Targets are learned from the answers (an application exists once its apply answered 201), so the
// driver needs no database access and works against a server process whose embedded database it cannot open.

import type { Database } from "@server/db/client";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { as } from "./app";
import { hoursBody } from "./hours-body";
import { type HttpAnswer, request } from "./process-support";
import type { Actor } from "./workflow-helpers";

export const DECISION_KINDS = [
  "apply",
  "accept",
  "reject",
  "submitHours",
  "approveHours",
  "rejectHours",
  "complete",
  "close",
  "delete",
] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

/** The default mix: weights of each kind of decision. */
export const ALL_DECISIONS: Record<DecisionKind, number> = {
  apply: 25,
  accept: 10,
  reject: 5,
  submitHours: 20,
  approveHours: 20,
  rejectHours: 8,
  complete: 11,
  close: 0.5,
  delete: 0.5,
};

export interface Decision {
  kind: DecisionKind;
  actor: Actor;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  body?: object;
  /** The application or opportunity the decision is about. */
  targetId: number;
}

/** An answer, or status 0 when the request got none (connection refused or reset). */
export type Answer = HttpAnswer;

/**
 * Sends one copy of a decision. `sequence` numbers the decision and `copy` the copy (0, or 1 for the second
 * of a double send), so a transport can send the two copies to different servers.
 */
export type Transport = (decision: Decision, sequence: number, copy: number) => Promise<Answer>;

export function injectTransport(app: FastifyInstance): Transport {
  return async (decision) => {
    const response = await as(app, decision.actor.cookie, {
      method: decision.method,
      url: decision.url,
      ...(decision.body ? { payload: decision.body } : {}),
    });
    const isJson = response.headers["content-type"]?.toString().includes("application/json") ?? false;
    return { status: response.statusCode, body: isJson ? response.json() : response.body };
  };
}

/** HTTP to several servers: decision n's copy c goes to server (n + c) mod count, so a double send hits two. */
export function httpTransport(baseUrls: readonly string[]): Transport {
  return async (decision, sequence, copy) => {
    const baseUrl = baseUrls[(sequence + copy) % baseUrls.length] as string;
    try {
      return await request(baseUrl, decision.actor.cookie, decision.method, decision.url, decision.body);
    } catch {
      return { status: 0, body: null };
    }
  };
}

/**
 * A small deterministic generator: a run's choices follow from its printed seed and, with several clients, from
 * the order in which the answers arrive.
 */
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    integer: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}

export interface DriverOptions {
  transport: Transport;
  admins: readonly Actor[];
  students: readonly Actor[];
  opportunityIds: readonly number[];
  /** Decisions to make (each sent once, or twice at once). */
  decisions: number;
  /** Clients sending concurrently. */
  clients: number;
  /** Share of decisions sent twice at once (a double click, or two servers asked the same thing). */
  doubleRate: number;
  seed: number;
  mix?: Partial<Record<DecisionKind, number>>;
  /** Called with every answer, as it arrives. */
  onAnswer?: (decision: Decision, answer: Answer) => void;
  /** Checked before each decision: true ends the run early. */
  shouldStop?: () => boolean;
}

export interface DriverReport {
  decisions: number;
  requests: number;
  /** HTTP status counts per kind of decision (0: no answer). */
  byKind: Record<DecisionKind, Record<number, number>>;
  statuses: number[];
}

interface KnownApplication {
  ownerId: number;
  opportunityId: number;
  /** The status in the last answer about it (others may have changed it since). */
  status: string;
}

/** The statuses a decision applies to; clients mostly act on what they last saw, like an admin on a list. */
const EXPECTED_STATUSES: Partial<Record<DecisionKind, readonly string[]>> = {
  accept: ["pending", "rejected"],
  reject: ["pending", "accepted"],
  submitHours: ["accepted", "hours_approved"],
  approveHours: ["hours_submitted"],
  rejectHours: ["hours_submitted"],
  complete: ["accepted", "hours_approved"],
};

export async function driveDecisions(options: DriverOptions): Promise<DriverReport> {
  const random = generator(options.seed);
  const mix = options.mix ?? ALL_DECISIONS;
  const weighted = DECISION_KINDS.filter((kind) => (mix[kind] ?? 0) > 0);
  const totalWeight = weighted.reduce((sum, kind) => sum + (mix[kind] ?? 0), 0);
  const applications = new Map<number, KnownApplication>();
  const opportunityIds = [...options.opportunityIds];
  const studentsById = new Map(options.students.map((student) => [student.id, student]));
  const report: DriverReport = {
    decisions: 0,
    requests: 0,
    byKind: Object.fromEntries(DECISION_KINDS.map((kind) => [kind, {}])) as DriverReport["byKind"],
    statuses: [],
  };

  const chooseKind = (): DecisionKind => {
    let roll = random.next() * totalWeight;
    for (const kind of weighted) {
      roll -= mix[kind] ?? 0;
      if (roll < 0) return kind;
    }
    return weighted[weighted.length - 1] as DecisionKind;
  };

  const choose = (): Decision => {
    const kind = applications.size === 0 ? "apply" : chooseKind();
    const admin = random.pick(options.admins);
    // Mostly an application in a state the decision fits (as last seen), sometimes any: stale views happen.
    const expected = EXPECTED_STATUSES[kind];
    const fitting =
      expected && random.next() < 0.85
        ? [...applications].filter(([, known]) => expected.includes(known.status)).map(([id]) => id)
        : [];
    const applicationId = random.pick(fitting.length > 0 ? fitting : [...applications.keys()]);
    const application = applications.get(applicationId);
    const ownerOf = () => studentsById.get(application?.ownerId ?? -1) ?? random.pick(options.students);
    const opportunityId = random.pick(opportunityIds);
    const apps = `/api/applications/${applicationId}`;
    switch (kind) {
      case "apply":
        return {
          kind,
          actor: random.pick(options.students),
          method: "POST",
          url: "/api/applications",
          body: { opportunityId },
          targetId: opportunityId,
        };
      case "accept":
      case "reject":
        return {
          kind,
          actor: admin,
          method: "PUT",
          url: `${apps}/status`,
          body: { status: kind === "accept" ? "accepted" : "rejected" },
          targetId: applicationId,
        };
      case "submitHours":
        return {
          kind,
          actor: ownerOf(),
          method: "PATCH",
          url: `${apps}/submit-hours`,
          body: hoursBody(random.integer(1, 8)),
          targetId: applicationId,
        };
      case "approveHours":
        return {
          kind,
          actor: admin,
          method: "POST",
          url: `${apps}/approve-hours`,
          body: { coinsAwarded: random.integer(1, 120) },
          targetId: applicationId,
        };
      case "rejectHours":
        return {
          kind,
          actor: admin,
          method: "POST",
          url: `${apps}/reject-hours`,
          body: { feedback: "Please resubmit with details" },
          targetId: applicationId,
        };
      case "complete":
        return {
          kind,
          actor: admin,
          method: "PUT",
          url: `${apps}/status`,
          body: {
            status: "completed",
            coinsAwarded: random.integer(1, 100),
            hoursCompleted: random.integer(0, 5) / 2,
            adminFeedback: "Thank you",
          },
          targetId: applicationId,
        };
      case "close":
        return {
          kind,
          actor: admin,
          method: "PATCH",
          url: `/api/opportunities/${opportunityId}/close`,
          targetId: opportunityId,
        };
      case "delete":
        return {
          kind,
          actor: admin,
          method: "DELETE",
          url: `/api/opportunities/${opportunityId}`,
          targetId: opportunityId,
        };
    }
  };

  const learn = (decision: Decision, answer: Answer) => {
    if (decision.kind === "apply" && answer.status === 201) {
      applications.set(answer.body.id, {
        ownerId: answer.body.userId,
        opportunityId: decision.targetId,
        status: answer.body.status,
      });
    } else if (answer.status === 200 && decision.kind !== "close" && decision.kind !== "delete") {
      const known = applications.get(decision.targetId);
      const application = answer.body.application ?? answer.body;
      if (known && typeof application?.status === "string") known.status = application.status;
    }
    if (decision.kind === "delete" && answer.status === 200) {
      // Its applications went with it; keep choosing among the ones that exist.
      const index = opportunityIds.indexOf(decision.targetId);
      if (index >= 0 && opportunityIds.length > 1) opportunityIds.splice(index, 1);
      for (const [id, known] of applications)
        if (known.opportunityId === decision.targetId) applications.delete(id);
    }
  };

  const record = (decision: Decision, answer: Answer) => {
    report.requests += 1;
    report.statuses.push(answer.status);
    const counts = report.byKind[decision.kind];
    counts[answer.status] = (counts[answer.status] ?? 0) + 1;
    learn(decision, answer);
    options.onAnswer?.(decision, answer);
  };

  let started = 0;
  const client = async () => {
    while (started < options.decisions && !options.shouldStop?.()) {
      const sequence = started++;
      const decision = choose();
      const copies = random.next() < options.doubleRate ? 2 : 1;
      const answers = await Promise.all(
        Array.from({ length: copies }, (_, copy) => options.transport(decision, sequence, copy)),
      );
      report.decisions += 1;
      for (const answer of answers) record(decision, answer);
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  return report;
}

/** "kind: 200×12 409×3 …" lines, for the test's output. */
export function formatReport(report: DriverReport): string {
  const lines = DECISION_KINDS.map((kind) => {
    const counts = Object.entries(report.byKind[kind])
      .map(([status, count]) => `${status}×${count}`)
      .join(" ");
    return `  ${kind.padEnd(13)} ${counts || "-"}`;
  });
  return [`${report.decisions} decisions, ${report.requests} requests`, ...lines].join("\n");
}

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Money checks beyond `check-ledger`: no hour submission or completion paid twice, every approved submission's
 * coins in the ledger exactly once, and no opportunity holding more places than its capacity. Empty when sound.
 */
export async function findPaymentProblems(db: Database): Promise<string[]> {
  const problems: string[] = [];
  for (const row of await rowsOf<{ id: number; rows: number }>(
    db,
    sql`select hour_submission_id as id, count(*)::int as rows from coin_ledger
        where hour_submission_id is not null group by hour_submission_id having count(*) > 1`,
  ))
    problems.push(`hour submission ${row.id} paid ${row.rows} times`);
  for (const row of await rowsOf<{ id: number; rows: number }>(
    db,
    sql`select application_id as id, count(*)::int as rows from coin_ledger
        where reason = 'Application completed' and application_id is not null
        group by application_id having count(*) > 1`,
  ))
    problems.push(`application ${row.id} paid for completion ${row.rows} times`);
  for (const row of await rowsOf<{ id: number; coins: number; ledger: number }>(
    db,
    sql`select s.id, s.coins_awarded as coins, coalesce(sum(l.amount), 0)::int as ledger
        from hour_submissions s left join coin_ledger l on l.hour_submission_id = s.id
        where s.status = 'approved' group by s.id, s.coins_awarded having s.coins_awarded <> coalesce(sum(l.amount), 0)`,
  ))
    problems.push(`approved hour submission ${row.id} awarded ${row.coins} coins, ledger has ${row.ledger}`);
  for (const row of await rowsOf<{ id: number; taken: number; capacity: number }>(
    db,
    sql`select o.id, o.capacity, count(a.id)::int as taken from opportunities o
        join applications a on a.opportunity_id = o.id and a.status not in ('rejected', 'withdrawn')
        where o.capacity is not null group by o.id, o.capacity having count(a.id) > o.capacity`,
  ))
    problems.push(`opportunity ${row.id} holds ${row.taken} places of ${row.capacity}`);
  return problems;
}

/** Applications per status, e.g. { pending: 12, accepted: 30, … }. */
export async function countApplicationsByStatus(db: Database): Promise<Record<string, number>> {
  const rows = await rowsOf<{ status: string; count: number }>(
    db,
    sql`select status, count(*)::int as count from applications group by status order by status`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

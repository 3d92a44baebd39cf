// Crash safety: the server under a write-heavy load (students applying and submitting hours, admins accepting
// and approving) is killed with SIGKILL while requests are in flight, then started again on the same data.
// Every request answered 2xx before the crash is in the database, and nothing is half-written: the ledger
// check passes and every approved submission has exactly its ledger row. On PostgreSQL (a fresh database) and
// on the embedded PGlite (a fresh DATA_DIR).
import type { DatabaseHandle } from "@server/db/client";
import { findLedgerProblems } from "@server/modules/coins/ledger-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  type Answer,
  type Decision,
  driveDecisions,
  findPaymentProblems,
  formatReport,
  httpTransport,
} from "./decision-driver";
import {
  createScratchDatabase,
  demoAccounts,
  killServers,
  openDatabaseOf,
  PROCESS_SESSION_SECRET,
  registerStudents,
  request,
  type ScratchDatabase,
  serverEnv,
  signInAll,
  startServer,
  stopwatch,
} from "./process-support";
import { tempFolders } from "./temp-folders";
import type { Actor } from "./workflow-helpers";

const dataFolder = tempFolders("seva-crash-");
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await killServers();
  for (const cleanup of cleanups) await cleanup();
});

/** Acknowledged writes must survive; at the kill there are this many answered ones, plus requests in flight. */
const ACKNOWLEDGED_BEFORE_KILL = 200;

interface Acknowledged {
  applications: Set<number>;
  accepted: Set<number>;
  submissions: Map<number, number>;
  approvals: Map<number, { count: number; coins: number }>;
  opportunities: number[];
}

async function crashAndRecover(
  target: { databaseUrl: string } | { dataDir: string },
  env: NodeJS.ProcessEnv,
) {
  const time = stopwatch();
  // The demo administrator and students, and students who register through the API.
  const server = await startServer({ env });
  time.lap("first start");
  const demo = demoAccounts(server.output());
  const admins = await signInAll(server.baseUrl, demo.admins);
  const students = await signInAll(server.baseUrl, [
    ...demo.students,
    ...(await registerStudents(server.baseUrl, 8)),
  ]);
  const admin = admins[0] as Actor;
  time.lap("users");
  const acknowledged: Acknowledged = {
    applications: new Set(),
    accepted: new Set(),
    submissions: new Map(),
    approvals: new Map(),
    opportunities: [],
  };
  for (let i = 0; i < 12; i++) {
    const answer = await request(server.baseUrl, admin.cookie, "POST", "/api/opportunities", {
      title: `Crash test ${i}`,
      shortDescription: "Hours and coins under load",
      fullDescription: "An opportunity for the crash-safety test.",
      maxCoins: 100_000,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    acknowledged.opportunities.push(answer.body.id);
  }
  time.lap("opportunities");

  // The load: every answered 2xx is recorded; after ACKNOWLEDGED_BEFORE_KILL of them the server gets SIGKILL
  // from inside an answer's callback, when every other client is waiting for its own request.
  let acknowledgedWrites = 0;
  let killed = false;
  let inFlight = 0;
  let inFlightAtKill = 0;
  let answeredAfterKill = 0;
  const transport = httpTransport([server.baseUrl]);
  const onAnswer = (decision: Decision, answer: Answer) => {
    if (answer.status >= 200 && answer.status < 300) {
      acknowledgedWrites += 1;
      const id = decision.targetId;
      if (decision.kind === "apply") acknowledged.applications.add(answer.body.id);
      if (decision.kind === "accept") acknowledged.accepted.add(id);
      if (decision.kind === "submitHours")
        acknowledged.submissions.set(id, (acknowledged.submissions.get(id) ?? 0) + 1);
      if (decision.kind === "approveHours") {
        const approvals = acknowledged.approvals.get(id) ?? { count: 0, coins: 0 };
        acknowledged.approvals.set(id, {
          count: approvals.count + 1,
          coins: approvals.coins + answer.body.coinsAwarded,
        });
      }
    }
    if (!killed && acknowledgedWrites >= ACKNOWLEDGED_BEFORE_KILL) {
      killed = true;
      // This client has its answers; every other client is waiting for its own.
      inFlightAtKill = inFlight;
      server.child.kill("SIGKILL");
    }
  };
  const report = await driveDecisions({
    transport: async (decision, sequence, copy) => {
      inFlight += 1;
      const answer = await transport(decision, sequence, copy);
      inFlight -= 1;
      // Sent before the kill, answered after it (from the socket's buffer): still acknowledged.
      if (killed && answer.status >= 200 && answer.status < 300) answeredAfterKill += 1;
      return answer;
    },
    admins,
    students,
    opportunityIds: acknowledged.opportunities,
    decisions: 100_000,
    clients: 12,
    doubleRate: 0.1,
    seed: Date.now() % 100_000,
    mix: { apply: 25, accept: 20, submitHours: 25, approveHours: 30 },
    onAnswer,
    shouldStop: () => killed,
  });
  time.lap("load until the kill");
  expect(await server.exited).toBe(null);
  expect(server.child.signalCode).toBe("SIGKILL");
  const unanswered = report.statuses.filter((status) => status === 0).length;
  console.log(
    `${formatReport(report)}\nacknowledged writes ${acknowledgedWrites} (${answeredAfterKill} answered after ` +
      `the kill), ${inFlightAtKill} requests in flight at the kill, ${unanswered} unanswered`,
  );
  expect(inFlightAtKill).toBeGreaterThan(0);
  expect(report.statuses.filter((status) => status >= 500)).toEqual([]);

  // Restart on the same data; the admin's session from before the crash still works.
  const restarted = await startServer({ env });
  time.lap("restart");
  const base = restarted.baseUrl;
  const all = new Map<number, { status: string; coinsAwarded: number; userId: number }>();
  for (let offset = 0; ; offset += 500) {
    const page = await request(
      base,
      admin.cookie,
      "GET",
      `/api/admin/applications?limit=500&offset=${offset}`,
    );
    expect(page.status).toBe(200);
    for (const application of page.body) all.set(application.id, application);
    if (page.body.length < 500) break;
  }
  for (const id of acknowledged.opportunities)
    expect(
      (await request(base, admin.cookie, "GET", `/api/opportunities/${id}`)).status,
      `opportunity ${id}`,
    ).toBe(200);
  const missing = [...acknowledged.applications].filter((id) => !all.has(id));
  expect(missing, "acknowledged applications missing after the crash").toEqual([]);
  const undecided = [...acknowledged.accepted].filter((id) =>
    ["pending", "rejected"].includes(all.get(id)?.status ?? ""),
  );
  expect(undecided, "acknowledged acceptances lost").toEqual([]);

  const coinsOwed = new Map<number, number>();
  const reviewed = new Set([...acknowledged.submissions.keys(), ...acknowledged.approvals.keys()]);
  for (const id of reviewed) {
    const hours = await request(base, admin.cookie, "GET", `/api/applications/${id}/hours`);
    expect(hours.status).toBe(200);
    const submissions = hours.body as { status: string; coinsAwarded: number }[];
    const approved = submissions.filter((submission) => submission.status === "approved");
    const approvals = acknowledged.approvals.get(id) ?? { count: 0, coins: 0 };
    expect(submissions.length, `submissions of application ${id}`).toBeGreaterThanOrEqual(
      acknowledged.submissions.get(id) ?? 0,
    );
    expect(approved.length, `approvals of application ${id}`).toBeGreaterThanOrEqual(approvals.count);
    expect(all.get(id)?.coinsAwarded ?? 0, `coins of application ${id}`).toBeGreaterThanOrEqual(
      approvals.coins,
    );
    const owner = all.get(id)?.userId ?? 0;
    coinsOwed.set(owner, (coinsOwed.get(owner) ?? 0) + approvals.coins);
  }
  for (const student of students) {
    const me = await request(base, student.cookie, "GET", "/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.coins, `coins of student ${student.id}`).toBeGreaterThanOrEqual(
      coinsOwed.get(student.id) ?? 0,
    );
  }
  expect(await restarted.stop("SIGTERM")).toBe(0);
  time.lap("checks through the API");

  // Nothing half-written: the ledger check (as `npm run check-ledger` runs it), and each approval paid once.
  const check: DatabaseHandle = await openDatabaseOf(target);
  try {
    expect(await findLedgerProblems(check.db)).toEqual([]);
    expect(await findPaymentProblems(check.db)).toEqual([]);
  } finally {
    await check.close();
  }
  time.lap("checks in SQL");
  console.log(time.summary());
}

describe("a server killed with SIGKILL under write load", () => {
  it("keeps every acknowledged write on PostgreSQL", async () => {
    const database: ScratchDatabase = await createScratchDatabase("seva_crash");
    cleanups.push(() => database.drop());
    const env = serverEnv({
      DATABASE_URL: database.url,
      SESSION_SECRET: PROCESS_SESSION_SECRET,
      SEED_DEMO: "true",
    });
    await crashAndRecover({ databaseUrl: database.url }, env);
  }, 180_000);

  it("keeps every acknowledged write on the embedded PGlite", async () => {
    const dataDir = dataFolder();
    await crashAndRecover({ dataDir }, serverEnv({ DATA_DIR: dataDir, SEED_DEMO: "true" }));
  }, 240_000);
});

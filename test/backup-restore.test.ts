// Backup and restore, exactly as docs/operations.md tells an operator to do it. PostgreSQL: pg_dump of a live
// database written through the API, the original dropped, pg_restore into a new database, the server started
// on it. PGlite: the server stopped with SIGTERM, DATA_DIR copied with `cp -a`, the server started on the copy.
// Either way the restored server lets users sign in (with their password, and with their old session), shows the
// same data and balances through the API, and `npm run check-ledger` passes on it.
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { driveDecisions, generator, httpTransport } from "./decision-driver";
import { withDatabase } from "./global-setup";
import {
  type Account,
  createScratchDatabase,
  demoAccounts,
  killServers,
  PROCESS_SESSION_SECRET,
  postgresAdminUrl,
  postgresConnectionArgs,
  registerStudents,
  request,
  runCommand,
  runScript,
  type ServerProcess,
  type Stopwatch,
  serverEnv,
  signInAll,
  startServer,
  stopwatch,
} from "./process-support";
import { tempFolders } from "./temp-folders";
import type { Actor } from "./workflow-helpers";

const folder = tempFolders("seva-backup-")();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await killServers();
  for (const cleanup of cleanups) await cleanup();
});

/** Writes varied data through the API: opportunities, then random decisions. */
async function writeThroughTheApi(baseUrl: string, admins: Actor[], students: Actor[], seed: number) {
  const random = generator(seed);
  const opportunityIds: number[] = [];
  for (let i = 0; i < 6; i++) {
    const answer = await request(baseUrl, (admins[0] as Actor).cookie, "POST", "/api/opportunities", {
      title: `Backup test ${i}`,
      shortDescription: "Data to back up",
      fullDescription: "An opportunity for the backup and restore test.",
      capacity: random.pick([null, 4, 8]),
      maxCoins: random.pick([60, 200, 1000]),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    opportunityIds.push(answer.body.id);
  }
  const report = await driveDecisions({
    transport: httpTransport([baseUrl]),
    admins,
    students,
    opportunityIds,
    decisions: 200,
    clients: 6,
    doubleRate: 0.2,
    seed,
    mix: {
      apply: 25,
      accept: 15,
      reject: 3,
      submitHours: 20,
      approveHours: 20,
      rejectHours: 5,
      complete: 12,
    },
  });
  expect(report.statuses.filter((status) => status >= 500 || status === 0)).toEqual([]);
  expect(report.byKind.approveHours[200] ?? 0).toBeGreaterThan(0);
}

const byId = (items: { id: number | null }[]) => [...items].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));

/** What users see through the API: every application, opportunity, balance and the leaderboard. */
async function snapshot(baseUrl: string, admin: Actor, students: Actor[]) {
  const get = async (actor: Actor, url: string) => {
    const answer = await request(baseUrl, actor.cookie, "GET", url);
    expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const perStudent = [];
  for (const student of students) {
    perStudent.push({
      me: await get(student, "/api/auth/user"),
      applications: byId(await get(student, `/api/applications/user/${student.id}`)),
      badges: await get(student, `/api/badges/user/${student.id}`),
    });
  }
  const opportunities = byId(await get(admin, "/api/admin/opportunities?limit=200"));
  // The list's rows hold what its cards show (ADR 0056); each opportunity's page holds every field.
  const opportunityPages = [];
  for (const { id } of opportunities) opportunityPages.push(await get(admin, `/api/opportunities/${id}`));
  return {
    applications: byId(await get(admin, "/api/admin/applications?limit=500")),
    opportunities,
    opportunityPages,
    leaderboard: byId(await get(admin, "/api/leaderboard?limit=100")),
    community: await get(admin, "/api/community/impact"),
    perStudent,
  };
}

interface Written {
  admin: Actor;
  students: Actor[];
  accounts: Account[];
  before: Awaited<ReturnType<typeof snapshot>>;
}

/** Starts a server on an empty database, signs in the demo users and new registrations, and writes data. */
async function startAndWrite(
  env: NodeJS.ProcessEnv,
  time: Stopwatch,
): Promise<{ server: ServerProcess; written: Written }> {
  const server = await startServer({ env });
  time.lap("first start");
  const demo = demoAccounts(server.output());
  const accounts = [...demo.admins, ...demo.students, ...(await registerStudents(server.baseUrl, 3))];
  const [admin, ...students] = await signInAll(server.baseUrl, accounts);
  if (!admin) throw new Error("no demo administrator");
  time.lap("users");
  await writeThroughTheApi(server.baseUrl, [admin], students, Date.now() % 100_000);
  time.lap("writes");
  const before = await snapshot(server.baseUrl, admin, students);
  time.lap("snapshot");
  return { server, written: { admin, students, accounts, before } };
}

/** The restored copy: the ledger check passes, old sessions work, everyone signs in, the data is the same. */
async function verifyRestored(env: NodeJS.ProcessEnv, written: Written, time: Stopwatch) {
  const ledger = await runScript("check-ledger", [], env);
  expect(ledger.stdout + ledger.stderr).toContain("Ledger check passed");
  expect(ledger.status).toBe(0);
  time.lap("check-ledger");
  const restored = await startServer({ env });
  time.lap("start on the restored copy");
  expect(restored.output()).not.toContain("Demo sign-ins");
  expect(await snapshot(restored.baseUrl, written.admin, written.students)).toEqual(written.before);
  await signInAll(restored.baseUrl, written.accounts);
  expect(await restored.stop("SIGTERM")).toBe(0);
  time.lap("verify");
  console.log(time.summary());
}

describe("backup and restore", () => {
  it("PostgreSQL: pg_dump of the live database, pg_restore into a new one, same data through the API", async () => {
    const time = stopwatch();
    const original = await createScratchDatabase("seva_backup");
    cleanups.push(() => original.drop());
    const env = serverEnv({
      DATABASE_URL: original.url,
      SESSION_SECRET: PROCESS_SESSION_SECRET,
      SEED_DEMO: "true",
    });
    const { server, written } = await startAndWrite(env, time);

    // Back up while the server runs (pg_dump reads one consistent snapshot), then lose the original.
    const { host, port, user } = postgresConnectionArgs(postgresAdminUrl());
    const connection = ["-h", host, "-p", port, "-U", user];
    const dumpFile = path.join(folder, "seva.dump");
    const dump = await runCommand(
      "pg_dump",
      [...connection, "-Fc", "-f", dumpFile, original.name],
      process.env,
    );
    expect(dump.stderr).toBe("");
    expect(dump.status).toBe(0);
    expect(await server.stop("SIGTERM")).toBe(0);
    await original.drop();

    const restoredName = `${original.name}_restored`;
    cleanups.push(async () => {
      await runCommand("dropdb", [...connection, "--if-exists", "--force", restoredName], process.env);
    });
    const created = await runCommand("createdb", [...connection, restoredName], process.env);
    expect(created.stderr).toBe("");
    expect(created.status).toBe(0);
    const restore = await runCommand(
      "pg_restore",
      [...connection, "--no-owner", "-d", restoredName, dumpFile],
      process.env,
    );
    expect(restore.stderr).toBe("");
    expect(restore.status).toBe(0);
    time.lap("pg_dump, createdb, pg_restore");

    await verifyRestored({ ...env, DATABASE_URL: withDatabase(original.url, restoredName) }, written, time);
  }, 180_000);

  it("PGlite: stop the server, copy DATA_DIR, start on the copy, same data through the API", async () => {
    const time = stopwatch();
    const dataDir = path.join(folder, "data");
    const copyDir = path.join(folder, "data-copy");
    const env = serverEnv({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    const { server, written } = await startAndWrite(env, time);

    expect(await server.stop("SIGTERM")).toBe(0);
    const copy = await runCommand("cp", ["-a", dataDir, copyDir], process.env);
    expect(copy.stderr).toBe("");
    expect(copy.status).toBe(0);
    time.lap("stop, cp -a");

    await verifyRestored({ ...env, DATA_DIR: copyDir }, written, time);
  }, 180_000);
});

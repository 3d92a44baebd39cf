// Support for tests of real server processes: start the built server (tsx when there is no build) and wait for
// its "running at" line, stop or kill it, run the operational scripts, create and drop PostgreSQL databases,
// prepare users on a database before a server opens it, and speak HTTP with a session cookie.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { type DatabaseHandle, openPglite, openPostgres } from "@server/db/client";
import { createUser } from "@server/modules/auth/auth.service";
import { ensureBadgeCatalogue } from "@server/modules/badges/badge-catalogue";
import pg from "pg";
import { TEST_DOMAIN, TEST_PASSWORD } from "./app";
import { withDatabase } from "./global-setup";
import type { Actor } from "./workflow-helpers";

export const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const builtServer = path.join(root, "dist", "server", "main.js");

/** The secret every server of one test shares, so a session cookie is valid on all of them. */
export const PROCESS_SESSION_SECRET = "process-tests-session-secret-of-more-than-32-characters";

/**
 * The environment of a server process: an ephemeral port on loopback, quiet logs, the embedded database and no
 * demo unless the overrides say otherwise. An override of undefined removes the variable (its default applies).
 */
export function serverEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    SEED_DEMO: "false",
    // Tests register students without a mail server, on PostgreSQL too: the operator's explicit choice there.
    ...(overrides.SMTP_URL ? {} : { REGISTRATION: "unverified" }),
    ...overrides,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return env;
}

/**
 * The built server (`npm test` builds before the unit tests), else the sources through tsx's loader. Either way
 * one process, so a signal reaches the server itself (the tsx command would put a parent in between).
 */
export function serverCommand(): string[] {
  return existsSync(builtServer)
    ? [process.execPath, builtServer]
    : [process.execPath, "--import", "tsx", "src/server/main.ts"];
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** Resolves with the exit code once the process has exited (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Sends the signal (SIGTERM unless given) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Starts a server process and resolves once it prints the address it listens on. */
export async function startServer(options: {
  env: NodeJS.ProcessEnv;
  command?: string[];
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const [executable, ...args] = options.command ?? serverCommand();
  if (!executable) throw new Error("empty command");
  const child = spawn(executable, args, { cwd: root, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start:\n${output}`));
    }, options.timeoutMs ?? 90_000);
    const check = () => {
      const match = output.match(/running at (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace("localhost", "127.0.0.1"));
      } else if (child.exitCode === null && child.signalCode === null) setTimeout(check, 50);
    };
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
    check();
  });
  return {
    child,
    baseUrl,
    output: () => output,
    exited,
    stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Kills every server this file started that still runs (for afterAll, after a failed test). */
export async function killServers(): Promise<void> {
  const children = [...running];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once("exit", () => resolve());
          child.kill("SIGKILL");
        }),
    ),
  );
}

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion without blocking this process (servers it talks to keep being served). */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs one of scripts/*.ts as `npm run <script>` does (through tsx). */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return runCommand(tsx, [path.join("scripts", `${script}.ts`), ...args], env);
}

/** The connection the tests create their databases through: DATABASE_URL's server, else the local one. */
export function postgresAdminUrl(): string {
  return process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty PostgreSQL database with a random name; `drop` removes it (even with connections open). */
export async function createScratchDatabase(prefix = "seva_process"): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  return {
    name,
    url: withDatabase(postgresAdminUrl(), name),
    async drop() {
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** The coordinates of one PostgreSQL database as pg_dump, pg_restore and createdb take them. */
export function postgresConnectionArgs(url: string): { host: string; port: string; user: string } {
  const parsed = new URL(url);
  return {
    host: parsed.hostname || "127.0.0.1",
    port: parsed.port || "5432",
    user: decodeURIComponent(parsed.username) || "postgres",
  };
}

/** Opens the database a server would open with this environment (for preparation and checks in SQL). */
export function openDatabaseOf(
  target: { databaseUrl: string } | { dataDir: string },
): Promise<DatabaseHandle> {
  return "databaseUrl" in target
    ? openPostgres(target.databaseUrl, 2, () => undefined)
    : openPglite(path.join(target.dataDir, "pglite"));
}

let userCounter = 0;

/**
 * Migrates the database and creates users directly (password TEST_PASSWORD), before any server opens it: PGlite
 * is single-process, so this must happen while no server holds the folder.
 */
export async function prepareUsers(
  handle: DatabaseHandle,
  counts: { admins: number; students: number },
): Promise<{ admins: { id: number; email: string }[]; students: { id: number; email: string }[] }> {
  await handle.migrate();
  await ensureBadgeCatalogue(handle.db);
  const tag = randomBytes(3).toString("hex");
  const create = async (role: "admin" | "student") => {
    userCounter += 1;
    const user = await createUser(handle.db, {
      email: `${role}${userCounter}.${tag}@${TEST_DOMAIN}`,
      password: TEST_PASSWORD,
      firstName: role === "admin" ? "Admin" : "Student",
      lastName: `Number${userCounter}`,
      program: role === "admin" ? "Staff" : "PGP",
      role,
    });
    return { id: user.id, email: user.email };
  };
  const admins = [];
  for (let i = 0; i < counts.admins; i++) admins.push(await create("admin"));
  const students = [];
  for (let i = 0; i < counts.students; i++) students.push(await create("student"));
  return { admins, students };
}

export interface HttpAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test code reads the JSON bodies it asserts on.
  body: any;
}

/** An answer over real HTTP, with its headers. */
export interface HttpReply extends HttpAnswer {
  headers: Headers;
}

/** One HTTP request with the session cookie, sent as the browser client sends it (same Origin). */
export async function request(
  baseUrl: string,
  cookie: string,
  method: string,
  url: string,
  body?: object,
): Promise<HttpReply> {
  const headers: Record<string, string> = { origin: baseUrl };
  if (cookie) headers.cookie = cookie;
  if (body) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.includes("application/json") ?? false;
  return {
    status: response.status,
    headers: response.headers,
    body: isJson && text ? JSON.parse(text) : text,
  };
}

/** Retries an assertion until it holds, for up to 20 s (a bound for a busy machine, not a measurement). */
export async function eventually(check: () => Promise<void>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Signs in over HTTP and returns the Cookie header of the new session. */
export async function signInOverHttp(
  baseUrl: string,
  email: string,
  password = TEST_PASSWORD,
): Promise<Actor> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  return { id: body.user.id, email, cookie };
}

export interface Account {
  email: string;
  password: string;
}

/** The demo sign-ins a server printed on its first start (SEED_DEMO on an empty database). */
export function demoAccounts(output: string): { admins: Account[]; students: Account[] } {
  const accounts = (role: string) =>
    [...output.matchAll(new RegExp(`^\\s+${role}\\s+(\\S+@\\S+)\\s+(\\S+)$`, "gm"))].map((match) => ({
      email: match[1] as string,
      password: match[2] as string,
    }));
  return { admins: accounts("admin"), students: accounts("student") };
}

/** Registers students through the API (at most 10 per process and hour: the registration rate limit). */
export async function registerStudents(baseUrl: string, count: number): Promise<Account[]> {
  const accounts: Account[] = [];
  const tag = randomBytes(3).toString("hex");
  for (let i = 0; i < count; i++) {
    const email = `registered${i}.${tag}@${TEST_DOMAIN}`;
    const answer = await request(baseUrl, "", "POST", "/api/register", {
      email,
      firstName: "Registered",
      lastName: `Student${i}`,
      program: "PGP",
    });
    if (answer.status !== 201)
      throw new Error(`registration failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    accounts.push({ email, password: answer.body.tempPassword });
  }
  return accounts;
}

/** Signs users in a few at a time (each sign-in verifies an argon2 hash: CPU-bound on two cores). */
export async function signInAll(
  baseUrl: string,
  users: { email: string; password?: string }[],
): Promise<Actor[]> {
  const actors: Actor[] = [];
  for (let i = 0; i < users.length; i += 4) {
    const batch = users.slice(i, i + 4);
    actors.push(
      ...(await Promise.all(batch.map((user) => signInOverHttp(baseUrl, user.email, user.password)))),
    );
  }
  return actors;
}

/** Durations of a test's phases, for its output (never asserted: the machine's load varies). */
export function stopwatch() {
  const started = performance.now();
  let last = started;
  const laps: string[] = [];
  return {
    lap(label: string) {
      const now = performance.now();
      laps.push(`${label} ${((now - last) / 1000).toFixed(1)} s`);
      last = now;
    },
    summary: () => `${laps.join(", ")}; total ${((performance.now() - started) / 1000).toFixed(1)} s`,
  };
}
export type Stopwatch = ReturnType<typeof stopwatch>;

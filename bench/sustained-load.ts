// npm run bench:sustained -- [--duration 300] [--students 190] [--admins 10] [--ramp 30] [--decisions 0] [--label name]
// Sustained load: starts the built server on the generated data (DATABASE_URL, else PGlite in DATA_DIR),
// signs in students (taken from the admin application list, so each has accepted work to submit hours on) and
// admins, then runs one virtual user per account for --duration seconds, arriving over the first --ramp
// seconds. Each behaves like a person with a browser tab open: students poll the opportunity list every 10 s
// while on the home page or dashboard (as the client does) and, between pauses to think, open opportunities,
// apply, read the leaderboard and submit hours; admins read their dashboard, accept or reject applications,
// approve or reject hours and read analytics. Every request is timed with performance.now() until its body
// has arrived. Prints a progress line every 30 s, then a table per request kind, and writes it as JSON under
// bench/results/. Exits non-zero on any error or an overall p99 at or above 100 ms. A 409 (a race lost to
// another admin, a stale list) is an expected refusal, counted apart. `--decisions N` adds a steady N admin
// decisions a second (accepting pending applications and approving submitted hours, alternately) on top of what
// the virtual people decide. The share of the students' polls answered 304 is reported (issue 21's goal: 80 %).
//
// Requests go through Node's global fetch, whose undici dispatcher keeps connections alive and has no limit
// on connections per origin, so 200 users never queue on the client side.
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { TRENDING_COUNT } from "@client/screens/signed-in-home/home-summary";
import { OPPORTUNITY_LIST_MAX_LIMIT } from "@shared/contract/query-bounds";
import { MAX_COINS_PER_DECISION } from "@shared/domain/limits";
import { hoursBody } from "../test/hours-body";
import { BENCH_ADMIN_PASSWORD, BENCH_STUDENT_PASSWORD } from "./credentials";
import { DISCOVER, domain, getJson, root, signInAll, startServer, trackMemory } from "./support";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "300" },
    students: { type: "string", default: "190" },
    admins: { type: "string", default: "10" },
    ramp: { type: "string" },
    decisions: { type: "string", default: "0" },
    label: { type: "string", default: "" },
  },
});
const DURATION_SECONDS = Number(values.duration);
const STUDENTS = Number(values.students);
const ADMINS = Number(values.admins);
/** Admin decisions a second made at a steady pace besides the virtual admins' own. */
const PACED_DECISIONS_PER_SECOND = Number(values.decisions);
/** Users arrive at random moments over this many seconds (30, or a third of a shorter run): people do not all
 * open the app at once. */
const RAMP_SECONDS = Number(values.ramp ?? Math.min(30, Math.floor(DURATION_SECONDS / 3)));
if (![DURATION_SECONDS, STUDENTS, ADMINS].every((value) => Number.isInteger(value) && value > 0))
  throw new Error("--duration, --students and --admins must be whole numbers above 0");
if (!Number.isInteger(RAMP_SECONDS) || RAMP_SECONDS < 0 || RAMP_SECONDS >= DURATION_SECONDS)
  throw new Error("--ramp must be a whole number of seconds, from 0 to less than --duration");
if (ADMINS > 20) throw new Error("--admins: the generated data has 20 admins");
if (!(PACED_DECISIONS_PER_SECOND >= 0))
  throw new Error("--decisions must be a number of decisions a second, 0 or more");

const P99_BUDGET_MS = 100;
const REQUEST_TIMEOUT_MS = 10_000;
const PROGRESS_EVERY_MS = 30_000;
/** The client's OPPORTUNITY_POLL_MS: how often the home page and the dashboard refetch the opportunities. */
const POLL_MS = 10_000;
/** Pauses between a person's actions (uniform in the range); admins work through their queue faster. */
const STUDENT_THINK_MS = [8_000, 30_000] as const;
const ADMIN_THINK_MS = [3_000, 12_000] as const;
/**
 * Paths of the opportunity lists the client polls: the home page's trending few, and the dashboard's Discover
 * (support.ts `DISCOVER`). The full list is what the leaderboard's page loads.
 */
const HOME_FEED = `/api/opportunities?limit=${TRENDING_COUNT}`;
const FULL_LIST = `/api/opportunities?limit=${OPPORTUNITY_LIST_MAX_LIMIT}`;
const DASHBOARD_LIST_LIMIT = 100;
const TIMEFRAMES = ["all", "semester", "month"] as const;
const DATE_RANGES = [7, 30, 90, 365] as const;
const POLL_KIND = "opportunity poll (If-None-Match)";

interface AdminApplication {
  id: number;
  userId: number;
  status: string;
  submittedHours: number;
  opportunity: { coinsPerHour: number };
  user: { email: string };
}
interface StudentApplication {
  id: number;
  opportunityId: number;
  status: string;
}
interface FeedItem {
  id: number;
  status: string;
}
interface OpportunityDetail {
  id: number;
  status: string;
  viewerApplication: { id: number } | null;
}

// ---------------------------------------------------------------------------------------------------------
// Recording

interface KindStats {
  latencies: number[];
  /** Bodies received, after decompression. */
  bytes: number;
  errors: number;
  conflicts: number;
  statuses: Record<string, number>;
}

const kinds = new Map<string, KindStats>();
const allLatencies: number[] = [];
/** The distinct errors seen (the first few kinds), each with its count, to say what went wrong. */
const errorSamples = new Map<string, number>();
const MAX_ERROR_SAMPLES = 20;
let totalErrors = 0;
let totalConflicts = 0;
/**
 * Why a poll holding a copy was answered with a new body, per list: the opportunities listed changed (which, or
 * their order), or only something shown of the same ones (their applicant counts, a title). Says which change
 * keeps the share of 304s down.
 */
const pollChanges = new Map<string, { listed: number; shown: number }>();

function recordPollChange(list: string, held: readonly FeedItem[], received: readonly FeedItem[]): void {
  const changes = pollChanges.get(list) ?? { listed: 0, shown: 0 };
  pollChanges.set(list, changes);
  const ids = (items: readonly FeedItem[]) => items.map((item) => item.id).join();
  if (ids(held) !== ids(received)) changes.listed++;
  else changes.shown++;
}

function statsOf(kind: string): KindStats {
  let stats = kinds.get(kind);
  if (!stats) {
    stats = { latencies: [], bytes: 0, errors: 0, conflicts: 0, statuses: {} };
    kinds.set(kind, stats);
  }
  return stats;
}

/** Records one request; `outcome` is the HTTP status, or what went wrong before one arrived. */
function record(kind: string, milliseconds: number, outcome: number | string, detail = "", bytes = 0): void {
  const stats = statsOf(kind);
  stats.latencies.push(milliseconds);
  stats.bytes += bytes;
  allLatencies.push(milliseconds);
  stats.statuses[outcome] = (stats.statuses[outcome] ?? 0) + 1;
  if (outcome === 409) {
    stats.conflicts++;
    totalConflicts++;
  } else if (typeof outcome === "string" || outcome >= 400) {
    stats.errors++;
    totalErrors++;
    const sample = `${kind}: ${outcome} ${detail}`.slice(0, 240);
    if (errorSamples.has(sample) || errorSamples.size < MAX_ERROR_SAMPLES)
      errorSamples.set(sample, (errorSamples.get(sample) ?? 0) + 1);
  }
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const round = (value: number) => Math.round(value * 10) / 10;

// ---------------------------------------------------------------------------------------------------------
// The clock and the dice

let deadline = Number.POSITIVE_INFINITY;
const isRunning = () => performance.now() < deadline;

/** Waits `ms`, or until the run ends if that comes first. */
function pause(ms: number): Promise<void> {
  const wait = Math.max(0, Math.min(ms, deadline - performance.now()));
  return new Promise((resolve) => setTimeout(resolve, wait));
}

const between = ([low, high]: readonly [number, number]) => low + Math.random() * (high - low);
const chance = (probability: number) => Math.random() < probability;
function pickOne<T>(items: readonly T[]): T | undefined {
  return items[Math.floor(Math.random() * items.length)];
}
type Action = () => Promise<unknown>;
function pickWeighted(choices: readonly (readonly [number, Action])[]): Action {
  const total = choices.reduce((sum, [weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [weight, choice] of choices) {
    roll -= weight;
    if (roll < 0) return choice;
  }
  return (choices.at(-1) as readonly [number, Action])[1];
}

// ---------------------------------------------------------------------------------------------------------
// One timed request

interface Answer<T> {
  status: number;
  data: T | undefined;
  etag: string | null;
}

let baseUrl = "";

async function call<T>(
  kind: string,
  method: "GET" | "POST" | "PUT" | "PATCH",
  url: string,
  cookie: string,
  options: { body?: object; ifNoneMatch?: string; isDataNeeded?: boolean } = {},
): Promise<Answer<T> | undefined> {
  const headers: Record<string, string> = { cookie };
  // As a browser sends them: the app's own origin on state-changing requests, JSON only with a body.
  if (method !== "GET") headers.origin = baseUrl;
  if (options.body) headers["content-type"] = "application/json";
  if (options.ifNoneMatch) headers["if-none-match"] = options.ifNoneMatch;
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      body: options.body ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = Buffer.from(await response.arrayBuffer());
    const milliseconds = performance.now() - started;
    // Decoded only when looked at: this process's CPU time is part of every latency it measures.
    const isParsed = response.ok && options.isDataNeeded && body.length > 0;
    record(kind, milliseconds, response.status, response.ok ? "" : body.toString(), body.length);
    return {
      status: response.status,
      data: isParsed ? (JSON.parse(body.toString()) as T) : undefined,
      etag: response.headers.get("etag"),
    };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    const outcome = name === "TimeoutError" ? "timeout" : "network error";
    record(
      kind,
      performance.now() - started,
      outcome,
      error instanceof Error ? error.message : String(error),
    );
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Students

type StudentPage = "home" | "dashboard" | "detail" | "leaderboard";

async function runStudent(cookie: string): Promise<void> {
  let page: StudentPage = "home";
  let userId = 0;
  let applications: StudentApplication[] = [];
  /** What the browser holds per list: its ETag and the opportunities it shows. */
  const lists = new Map<string, { etag: string; items: FeedItem[] }>();
  /** Queries the client fetches once and keeps (no refresh on visit). */
  const fetchedOnce = new Set<string>();

  const get = (kind: string, url: string) => call(kind, "GET", url, cookie);
  const read = <T>(kind: string, url: string) => call<T>(kind, "GET", url, cookie, { isDataNeeded: true });
  const currentUser = async () => {
    const answer = await call<{ id: number }>("current user", "GET", "/api/auth/user", cookie, {
      isDataNeeded: !userId,
    });
    if (answer?.data) userId = answer.data.id;
  };
  const ownApplications = async () => {
    if (!userId) return;
    const answer = await read<StudentApplication[]>("own applications", `/api/applications/user/${userId}`);
    if (answer?.data) applications = answer.data;
  };
  /** An opportunity list, conditional once the browser holds a copy (the HTTP cache revalidates with it). */
  const loadList = async (url: string, kind: string) => {
    const held = lists.get(url);
    const answer = await call<{ opportunities: FeedItem[] }>(kind, "GET", url, cookie, {
      ifNoneMatch: held?.etag,
      isDataNeeded: true,
    });
    if (!answer?.data) return;
    if (held && kind === POLL_KIND) recordPollChange(listKind(url), held.items, answer.data.opportunities);
    lists.set(url, { etag: answer.etag ?? "", items: answer.data.opportunities });
  };
  const listKind = (url: string) =>
    url === HOME_FEED
      ? "opportunity feed (home)"
      : url === DISCOVER
        ? "discover (dashboard)"
        : "opportunity list (100)";
  const loadListOnce = async (url: string) => {
    if (!lists.has(url)) await loadList(url, listKind(url));
  };
  const once = async (key: string, load: () => Promise<unknown>) => {
    if (fetchedOnce.has(key)) return;
    fetchedOnce.add(key);
    await load();
  };

  const visitHome = async () => {
    page = "home";
    const homeReads = () =>
      Promise.all([
        loadListOnce(HOME_FEED),
        ownApplications(),
        get("community impact", "/api/community/impact"),
        get("leaderboard", "/api/leaderboard?limit=5"),
      ]);
    // On arrival the app learns who is signed in before it loads the page; later visits do both at once.
    if (userId) await Promise.all([currentUser(), homeReads()]);
    else await currentUser().then(homeReads);
  };
  const visitDashboard = async () => {
    page = "dashboard";
    await Promise.all([
      currentUser(),
      ownApplications(),
      loadListOnce(DISCOVER),
      once("own rank all", () => get("own rank", "/api/leaderboard/me?timeframe=all")),
    ]);
  };
  const visitLeaderboard = async () => {
    page = "leaderboard";
    await Promise.all([
      currentUser(),
      get("leaderboard", "/api/leaderboard?timeframe=all&limit=50"),
      once("own rank all", () => get("own rank", "/api/leaderboard/me?timeframe=all")),
      loadListOnce(FULL_LIST),
    ]);
    if (chance(0.5)) {
      const timeframe = pickOne(TIMEFRAMES.slice(1)) ?? "month";
      await Promise.all([
        get("leaderboard", `/api/leaderboard?timeframe=${timeframe}&limit=50`),
        once(`own rank ${timeframe}`, () => get("own rank", `/api/leaderboard/me?timeframe=${timeframe}`)),
      ]);
    }
  };
  /** Opens an opportunity from a list the browser holds and, now and then, applies to it. */
  const browseAndMaybeApply = async () => {
    const items =
      lists.get(FULL_LIST)?.items ?? lists.get(DISCOVER)?.items ?? lists.get(HOME_FEED)?.items ?? [];
    const chosen = pickOne(items);
    if (!chosen) return visitHome();
    page = "detail";
    const [, detail] = await Promise.all([
      currentUser(),
      read<OpportunityDetail>("opportunity detail", `/api/opportunities/${chosen.id}`),
    ]);
    const opportunity = detail?.data;
    if (!opportunity || opportunity.viewerApplication || opportunity.status !== "open" || !chance(0.3))
      return;
    await pause(between([2_000, 6_000]));
    if (!isRunning()) return;
    const applied = await call("apply (write)", "POST", "/api/applications", cookie, {
      body: { opportunityId: opportunity.id },
    });
    if (applied?.status !== 201 && applied?.status !== 200) return;
    await Promise.all([currentUser(), get("opportunity detail", `/api/opportunities/${opportunity.id}`)]);
  };
  /** From the dashboard: hours on a piece of accepted (or already approved) work. */
  const submitHours = async () => {
    if (page !== "dashboard") await visitDashboard();
    const open = applications.filter(
      (application) => application.status === "accepted" || application.status === "hours_approved",
    );
    const target = pickOne(open);
    if (!target) return;
    await pause(between([3_000, 8_000]));
    if (!isRunning()) return;
    const answer = await call(
      "submit hours (write)",
      "PATCH",
      `/api/applications/${target.id}/submit-hours`,
      cookie,
      {
        body: hoursBody(1 + Math.floor(Math.random() * 8)),
      },
    );
    if (answer?.status === 200) await Promise.all([ownApplications(), currentUser()]);
  };

  const actions = [
    [0.35, browseAndMaybeApply],
    [0.2, visitHome],
    [0.2, visitDashboard],
    [0.1, visitLeaderboard],
    [0.15, submitHours],
  ] as const satisfies readonly (readonly [number, Action])[];

  await pause(Math.random() * RAMP_SECONDS * 1000);
  if (!isRunning()) return;
  await visitHome();
  const polling = (async () => {
    while (isRunning()) {
      await pause(POLL_MS);
      if (!isRunning()) break;
      if (page === "home") await loadList(HOME_FEED, POLL_KIND);
      else if (page === "dashboard") await loadList(DISCOVER, POLL_KIND);
    }
  })();
  while (isRunning()) {
    await pause(between(STUDENT_THINK_MS));
    if (!isRunning()) break;
    await pickWeighted(actions)();
  }
  await polling;
}

// ---------------------------------------------------------------------------------------------------------
// Admins

async function runAdmin(cookie: string): Promise<void> {
  let pending: AdminApplication[] = [];
  let hoursToReview: AdminApplication[] = [];
  const get = (kind: string, url: string) => call(kind, "GET", url, cookie);
  const read = <T>(kind: string, url: string) => call<T>(kind, "GET", url, cookie, { isDataNeeded: true });
  const loadPending = async () => {
    const answer = await read<AdminApplication[]>(
      "admin pending applications",
      `/api/admin/applications?status=pending&limit=${DASHBOARD_LIST_LIMIT}`,
    );
    if (answer?.data) pending = answer.data;
  };
  const loadHoursToReview = async () => {
    const answer = await read<AdminApplication[]>(
      "admin hours to review",
      `/api/admin/applications?status=hours_submitted&limit=${DASHBOARD_LIST_LIMIT}`,
    );
    if (answer?.data) hoursToReview = answer.data;
  };

  /** The admin dashboard's four lists, each with its own filter; every decision refetches them all. */
  const loadDashboardLists = () =>
    Promise.all([
      loadPending(),
      loadHoursToReview(),
      get(
        "admin recently completed",
        "/api/admin/applications?status=hours_approved&status=completed&sort=recent&limit=5",
      ),
      get("admin open opportunities", `/api/admin/opportunities?status=open&limit=${DASHBOARD_LIST_LIMIT}`),
    ]);
  const visitDashboard = () => Promise.all([get("current user", "/api/auth/user"), loadDashboardLists()]);
  /** Accepts (mostly) or rejects one to three pending applications from the dashboard. */
  const decideApplications = async () => {
    if (pending.length === 0) await loadPending();
    for (let decided = 0, wanted = 1 + Math.floor(Math.random() * 3); decided < wanted; decided++) {
      const target = pickOne(pending);
      if (!target || !isRunning()) return;
      pending = pending.filter((row) => row.id !== target.id);
      const isAccepted = chance(0.8);
      await call("decide application (write)", "PUT", `/api/applications/${target.id}/status`, cookie, {
        body: isAccepted
          ? { status: "accepted" }
          : { status: "rejected", adminFeedback: "Thank you for applying; the places are filled." },
      });
      await loadDashboardLists();
      await pause(between([1_500, 4_000]));
    }
  };
  /** Approves (mostly, with the quick-approve suggestion) or rejects one to three hour submissions. */
  const reviewHours = async () => {
    if (hoursToReview.length === 0) await loadHoursToReview();
    for (let reviewed = 0, wanted = 1 + Math.floor(Math.random() * 3); reviewed < wanted; reviewed++) {
      const target = pickOne(hoursToReview);
      if (!target || !isRunning()) return;
      hoursToReview = hoursToReview.filter((row) => row.id !== target.id);
      if (chance(0.85)) {
        const suggested = Math.round(target.submittedHours * (target.opportunity.coinsPerHour || 10));
        await call("approve hours (write)", "POST", `/api/applications/${target.id}/approve-hours`, cookie, {
          body: {
            coinsAwarded: Math.min(MAX_COINS_PER_DECISION, Math.max(1, suggested)),
            feedback: "Thank you",
          },
        });
      } else {
        await call("reject hours (write)", "POST", `/api/applications/${target.id}/reject-hours`, cookie, {
          body: { feedback: "Please describe what the hours were spent on." },
        });
      }
      await loadDashboardLists();
      await pause(between([1_500, 4_000]));
    }
  };
  const readAnalytics = () => get("analytics", `/api/analytics?dateRange=${pickOne(DATE_RANGES) ?? 30}`);
  const visitApplications = () =>
    get("admin applications page", `/api/admin/applications?limit=${DASHBOARD_LIST_LIMIT}&sort=recent`);

  const actions = [
    [0.2, visitDashboard],
    [0.3, decideApplications],
    [0.35, reviewHours],
    [0.1, readAnalytics],
    [0.05, visitApplications],
  ] as const satisfies readonly (readonly [number, Action])[];

  await pause(Math.random() * RAMP_SECONDS * 1000);
  if (!isRunning()) return;
  await visitDashboard();
  while (isRunning()) {
    await pause(between(ADMIN_THINK_MS));
    if (!isRunning()) break;
    await pickWeighted(actions)();
  }
}

// ---------------------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------------------
// Paced decisions

/**
 * `--decisions N`: N admin decisions a second at a steady pace, alternating between accepting the oldest pending
 * application and approving the oldest submitted hours (each list re-read when used up), whatever the virtual
 * people do. Each decision is sent without waiting for the one before, as N admins working at once would.
 */
async function runPacedDecisions(cookie: string, perSecond: number): Promise<void> {
  if (perSecond <= 0) return;
  const queues: Record<"pending" | "hours_submitted", AdminApplication[]> = {
    pending: [],
    hours_submitted: [],
  };
  const refill = async (status: keyof typeof queues) => {
    const rows = await getJson<AdminApplication[]>(
      baseUrl,
      `/api/admin/applications?status=${status}&limit=500&sort=oldest`,
      cookie,
    );
    // Skip what a virtual admin may be deciding now: the newest of the list are theirs to take.
    queues[status] = rows.slice(0, Math.max(1, rows.length - DASHBOARD_LIST_LIMIT));
  };
  const inFlight = new Set<Promise<unknown>>();
  const interval = 1000 / perSecond;
  let next = performance.now();
  for (let sequence = 0; isRunning(); sequence++) {
    next += interval;
    const status = sequence % 2 === 0 ? "pending" : "hours_submitted";
    if (queues[status].length === 0) await refill(status);
    const target = queues[status].shift();
    if (target) {
      const sent =
        status === "pending"
          ? call("paced accept (write)", "PUT", `/api/applications/${target.id}/status`, cookie, {
              body: { status: "accepted" },
            })
          : call(
              "paced approve hours (write)",
              "POST",
              `/api/applications/${target.id}/approve-hours`,
              cookie,
              {
                body: {
                  coinsAwarded: Math.min(
                    MAX_COINS_PER_DECISION,
                    Math.max(1, Math.round(target.submittedHours * (target.opportunity.coinsPerHour || 10))),
                  ),
                  feedback: "Thank you",
                },
              },
            );
      inFlight.add(sent);
      void sent.finally(() => inFlight.delete(sent));
    }
    await pause(next - performance.now());
  }
  await Promise.all(inFlight);
}

/** Distinct students with accepted work, from the admin list a page at a time. */
async function studentsWithAcceptedWork(admin: string, wanted: number): Promise<string[]> {
  const emails = new Set<string>();
  for (let offset = 0; emails.size < wanted; offset += 500) {
    const page = await getJson<AdminApplication[]>(
      baseUrl,
      `/api/admin/applications?status=accepted&limit=500&offset=${offset}`,
      admin,
    );
    for (const row of page) emails.add(row.user.email);
    if (page.length < 500) break;
  }
  return [...emails].slice(0, wanted);
}

/** CPU seconds a process has used so far, from /proc (Linux clock ticks are 1/100 s); 0 when unreadable. */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function summarise(name: string, stats: KindStats, seconds: number) {
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  return {
    kind: name,
    count: sorted.length,
    requestsPerSecond: round(sorted.length / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    meanBytes: sorted.length ? Math.round(stats.bytes / sorted.length) : 0,
    errors: stats.errors,
    conflicts: stats.conflicts,
    statuses: stats.statuses,
  };
}

async function main() {
  const database = process.env.DATABASE_URL ? "postgres" : "pglite";
  const server = await startServer();
  baseUrl = server.baseUrl;
  const memory = trackMemory(server.child);
  let exitCode = 1;
  try {
    const adminEmails = Array.from({ length: ADMINS }, (_, index) => `bench.admin.${index + 1}@${domain}`);
    console.log(`signing in ${ADMINS} admins…`);
    const adminCookies = [...(await signInAll(baseUrl, adminEmails, BENCH_ADMIN_PASSWORD)).values()];
    const studentEmails = await studentsWithAcceptedWork(adminCookies[0] ?? "", STUDENTS);
    if (studentEmails.length === 0) throw new Error("no generated data: run npm run bench:generate first");
    console.log(`signing in ${studentEmails.length} students…`);
    const studentCookies = [...(await signInAll(baseUrl, studentEmails, BENCH_STUDENT_PASSWORD)).values()];
    const users = studentCookies.length + adminCookies.length;

    console.log(
      `${users} users (${studentCookies.length} students, ${adminCookies.length} admins) for ${DURATION_SECONDS} s on ${database}…`,
    );
    // This process's own event-loop delay is part of every latency measured: printed so that a busy load
    // generator is not mistaken for a slow server. So is the machine's load, the machine being shared.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const loadBefore = loadavg()[0] ?? 0;
    const cpuBefore = process.cpuUsage();
    const serverCpuBefore = cpuSecondsOf(server.child.pid);
    const started = performance.now();
    deadline = started + DURATION_SECONDS * 1000;
    let lastCount = 0;
    let lastAt = started;
    const progress = setInterval(() => {
      const now = performance.now();
      const count = allLatencies.length;
      const sorted = [...allLatencies].sort((a, b) => a - b);
      console.log(
        `[${Math.round((now - started) / 1000)} s] ${count} requests, ${round((count - lastCount) / ((now - lastAt) / 1000))} req/s, ` +
          `${totalErrors} errors, ${totalConflicts} × 409, p99 so far ${round(percentile(sorted, 99))} ms`,
      );
      lastCount = count;
      lastAt = now;
    }, PROGRESS_EVERY_MS);
    await Promise.all([
      ...studentCookies.map(runStudent),
      ...adminCookies.map(runAdmin),
      runPacedDecisions(adminCookies.at(-1) ?? "", PACED_DECISIONS_PER_SECOND),
    ]);
    clearInterval(progress);
    loopDelay.disable();
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const serverCpuSeconds = round(cpuSecondsOf(server.child.pid) - serverCpuBefore);
    const loadGenerator = {
      cpuSeconds: round((cpu.user + cpu.system) / 1e6),
      eventLoopDelayP99Ms: round(loopDelay.percentile(99) / 1e6),
      eventLoopDelayMaxMs: round(loopDelay.max / 1e6),
    };
    const machineLoad = { before: round(loadBefore), after: round(loadavg()[0] ?? 0) };

    const rows = [...kinds.entries()]
      .map(([kind, stats]) => summarise(kind, stats, seconds))
      .sort((a, b) => b.count - a.count);
    const all: KindStats = { latencies: allLatencies, bytes: 0, errors: 0, conflicts: 0, statuses: {} };
    for (const stats of kinds.values()) {
      all.bytes += stats.bytes;
      all.errors += stats.errors;
      all.conflicts += stats.conflicts;
      for (const [status, count] of Object.entries(stats.statuses))
        all.statuses[status] = (all.statuses[status] ?? 0) + count;
    }
    const overall = summarise("overall", all, seconds);
    const polls = kinds.get(POLL_KIND);
    const pollCount = polls?.latencies.length ?? 0;
    const pollsNotModified = {
      polls: pollCount,
      notModified: polls?.statuses["304"] ?? 0,
      share: pollCount === 0 ? 0 : round(((polls?.statuses["304"] ?? 0) / pollCount) * 100) / 100,
      changedBodies: Object.fromEntries(pollChanges),
    };
    const decisionKinds = [...kinds.entries()].filter(
      ([kind]) => kind.includes("(write)") && !kind.startsWith("apply") && !kind.startsWith("submit"),
    );
    const decisionsPerSecond = round(
      decisionKinds.reduce((sum, [, stats]) => sum + (stats.statuses["200"] ?? 0), 0) / seconds,
    );
    console.table(
      [...rows, overall].map((row) => ({
        "request kind": row.kind,
        count: row.count,
        "req/s": row.requestsPerSecond,
        "p50 ms": row.p50,
        "p95 ms": row.p95,
        "p99 ms": row.p99,
        "max ms": row.max,
        "mean KB": round(row.meanBytes / 1024),
        errors: row.errors,
        "409s": row.conflicts,
        statuses: Object.entries(row.statuses)
          .map(([status, count]) => `${status}×${count}`)
          .join(" "),
      })),
    );
    memory.stop();
    console.log(
      `server: peak memory ${(memory.peak() / 1024 / 1024).toFixed(0)} MB, ${serverCpuSeconds} s of CPU ` +
        `(${database}, ${users} users, ${round(seconds)} s)`,
    );
    console.log(
      `load generator: ${loadGenerator.cpuSeconds} s of CPU, event-loop delay p99 ${loadGenerator.eventLoopDelayP99Ms} ms, ` +
        `max ${loadGenerator.eventLoopDelayMaxMs} ms; ` +
        `machine load average (1 min): ${machineLoad.before} before, ${machineLoad.after} after`,
    );
    console.log(
      `polls answered 304: ${pollsNotModified.notModified} of ${pollsNotModified.polls} (${Math.round(pollsNotModified.share * 100)} %); ` +
        `admin decisions that changed something: ${decisionsPerSecond} a second`,
    );
    for (const [list, changes] of pollChanges)
      console.log(
        `new bodies polled for ${list}: ${changes.listed} listed other opportunities, ` +
          `${changes.shown} showed the same ones changed`,
      );
    for (const [sample, count] of errorSamples) console.log(`error ×${count}: ${sample}`);

    const isPassed = overall.errors === 0 && overall.p99 < P99_BUDGET_MS;
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(
      root,
      "bench",
      "results",
      `${stamp}-sustained-${database}${values.label ? `-${values.label}` : ""}.json`,
    );
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          database,
          durationSeconds: round(seconds),
          rampSeconds: RAMP_SECONDS,
          users: { students: studentCookies.length, admins: adminCookies.length },
          pacedDecisionsPerSecond: PACED_DECISIONS_PER_SECOND,
          decisionsPerSecond,
          pollsNotModified,
          p99BudgetMs: P99_BUDGET_MS,
          passed: isPassed,
          peakMemoryBytes: memory.peak(),
          serverCpuSeconds,
          loadGenerator,
          machineLoad,
          overall,
          rows,
          errorSamples: Object.fromEntries(errorSamples),
        },
        null,
        2,
      )}\n`,
    );
    console.log(`written ${path.relative(root, file)}`);
    if (isPassed) {
      console.log(`passed: no errors, overall p99 ${overall.p99} ms < ${P99_BUDGET_MS} ms`);
      exitCode = 0;
    } else {
      console.error(
        `failed: ${overall.errors} errors, overall p99 ${overall.p99} ms (budget: 0 errors, p99 < ${P99_BUDGET_MS} ms)`,
      );
    }
  } finally {
    memory.stop();
    server.child.kill("SIGTERM");
  }
  process.exitCode = exitCode;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

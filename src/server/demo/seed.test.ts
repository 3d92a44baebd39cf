// The living demo (issue 16, ADR 0023) on a fresh database: what a first `npm start` shows.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { findLedgerProblems } from "@server/modules/coins/ledger-check";
import type { LeaderboardEntry } from "@shared/contract/leaderboard";
import { APPLICATION_STATUSES, PROGRAMS } from "@shared/domain/enums";
import { interestMatch, isPerfectMatch } from "@shared/domain/interests";
import { isBundledPhotoPath } from "@shared/domain/photos";
import { as, createTestApp, signIn, type TestContext } from "@test/app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_HISTORY_DAYS, DEMO_STUDENT_PASSWORD, planDemo, seedDemo } from "./seed";

const DOMAIN = "iimb.ac.in";
const DAY_MS = 86_400_000;
let context: TestContext;
let signIns: Awaited<ReturnType<typeof seedDemo>>;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await context.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  context = await createTestApp();
  signIns = await seedDemo(context.db, DOMAIN);
}, 120_000);
afterAll(() => context?.close());

describe("the demo seed", () => {
  it("signs in the README's admin and students with their published passwords", async () => {
    expect(signIns.map((signIn) => signIn.email)).toEqual([
      "admin@iimb.ac.in",
      "asha.rao@iimb.ac.in",
      "rohan.mehta@iimb.ac.in",
      "priya.iyer@iimb.ac.in",
      "arjun.nair@iimb.ac.in",
      "kavya.menon@iimb.ac.in",
    ]);
    for (const account of signIns) {
      const cookie = await signIn(context.app, account.email, account.password);
      const me = await as(context.app, cookie, { method: "GET", url: "/api/auth/user" });
      expect(me.json().role).toBe(account.role);
    }
    expect(
      signIns.filter((s) => s.role === "student").every((s) => s.password === DEMO_STUDENT_PASSWORD),
    ).toBe(true);
  });

  it("gives the README's students interests with real matches among open opportunities, and asks no one (ADR 0035)", async () => {
    const open = await rows<{ skills: string[]; type: "teaching" }>(
      sql`select skills, type from opportunities where status = 'open'`,
    );
    for (const account of signIns.filter((s) => s.role === "student")) {
      const cookie = await signIn(context.app, account.email, account.password);
      const me = (await as(context.app, cookie, { method: "GET", url: "/api/auth/user" })).json();
      expect(me.interestsPrompt, account.email).toBe(false);
      expect(me.interests.skills.length, account.email).toBeGreaterThan(0);
      const perfect = open.filter((opportunity) => isPerfectMatch(interestMatch(me.interests, opportunity)));
      expect(perfect.length, account.email).toBeGreaterThan(0);
      expect(perfect.length, account.email).toBeLessThan(open.length);
    }
    const unasked = await rows<{ count: number }>(
      sql`select count(*)::int as count from users where role = 'student' and interests_asked_at is null`,
    );
    expect(unasked[0]?.count).toBe(0);
  });

  it("has 25–40 students in every programme", async () => {
    const programs = await rows<{ program: string; students: number }>(
      sql`select program, count(*)::int as students from users where role = 'student' group by program`,
    );
    for (const program of PROGRAMS) {
      const students = programs.find((row) => row.program === program)?.students ?? 0;
      expect(students, program).toBeGreaterThanOrEqual(25);
      expect(students, program).toBeLessThanOrEqual(40);
    }
  });

  it("has applications in every state and items waiting in both admin queues", async () => {
    const states = await rows<{ status: string; applications: number }>(
      sql`select status, count(*)::int as applications from applications group by status`,
    );
    for (const status of APPLICATION_STATUSES)
      expect(states.find((row) => row.status === status)?.applications ?? 0, status).toBeGreaterThan(0);

    const admin = await signIn(context.app, "admin@iimb.ac.in", "SevaAdmin#2024");
    const pending = await as(context.app, admin, {
      method: "GET",
      url: "/api/admin/applications?status=pending",
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().length).toBeGreaterThan(0);
    expect(Number(pending.headers["x-total-count"])).toBeGreaterThan(0);
    const underReview = await as(context.app, admin, {
      method: "GET",
      url: "/api/admin/applications?status=hours_submitted",
    });
    expect(underReview.json().length).toBeGreaterThan(0);
    const [submissions] = await rows<{ pending: number }>(
      sql`select count(*)::int as pending from hour_submissions where status = 'pending'`,
    );
    expect(submissions?.pending).toBeGreaterThan(0);
  });

  it("spreads applications and decisions over the last 90 days, none in the future", async () => {
    const [span] = await rows<{ first: string; last: string; weeks: number; decided: string }>(
      sql`select min(applied_at) as first, max(applied_at) as last,
            count(distinct floor(extract(epoch from now() - applied_at) / 604800))::int as weeks,
            max(greatest(updated_at, coalesce(completed_at, updated_at))) as decided
          from applications`,
    );
    const now = Date.now();
    expect(now - new Date(span?.first ?? 0).getTime()).toBeGreaterThan((DEMO_HISTORY_DAYS - 10) * DAY_MS);
    expect(now - new Date(span?.first ?? 0).getTime()).toBeLessThanOrEqual(DEMO_HISTORY_DAYS * DAY_MS);
    expect(now - new Date(span?.last ?? 0).getTime()).toBeLessThan(2 * DAY_MS);
    expect(span?.weeks).toBeGreaterThanOrEqual(12);
    expect(new Date(span?.decided ?? 0).getTime()).toBeLessThanOrEqual(now);
  });

  it("ranks 10+ students, exactly one of them anonymous, on the leaderboard others see", async () => {
    const viewer = await signIn(context.app, "asha.rao@iimb.ac.in", DEMO_STUDENT_PASSWORD);
    const response = await as(context.app, viewer, { method: "GET", url: "/api/leaderboard?limit=50" });
    const board = response.json() as LeaderboardEntry[];
    expect(board.length).toBeGreaterThanOrEqual(10);
    expect(board.filter((entry) => entry.anonymizeLeaderboard)).toHaveLength(1);
    expect(board.find((entry) => entry.anonymizeLeaderboard)?.firstName).toBeNull();
    const [anonymous] = await rows<{ students: number }>(
      sql`select count(*)::int as students from users where anonymize_leaderboard`,
    );
    expect(anonymous?.students).toBe(1);
  });

  it("has one closed opportunity and one filled at its hours target, as the app marks it", async () => {
    const statuses = await rows<{ status: string; total: number; target: number | null; approved: number }>(
      sql`select o.status, count(*) over (partition by o.status)::int as total, o.total_required_hours as target,
            (select coalesce(sum(hours_completed), 0) from applications a where a.opportunity_id = o.id) as approved
          from opportunities o where o.status <> 'open'`,
    );
    expect(statuses.filter((row) => row.status === "closed")).toHaveLength(1);
    const filled = statuses.filter((row) => row.status === "filled");
    expect(filled).toHaveLength(1);
    expect(filled[0]?.approved).toBeGreaterThanOrEqual(filled[0]?.target ?? Number.POSITIVE_INFINITY);
    // No open opportunity has reached a target (the app would have marked it filled).
    const [reached] = await rows<{ open: number }>(
      sql`select count(*)::int as open from opportunities o where o.status = 'open' and o.total_required_hours is not null
          and (select coalesce(sum(hours_completed), 0) from applications a where a.opportunity_id = o.id)
            >= o.total_required_hours`,
    );
    expect(reached?.open).toBe(0);
  });

  it("keeps the ledger, balances, levels' coins and badges in agreement", async () => {
    expect(await findLedgerProblems(context.db)).toEqual([]);
    const [ledger] = await rows<{ entries: number }>(sql`select count(*)::int as entries from coin_ledger`);
    expect(ledger?.entries).toBeGreaterThan(100);
    // Every badge whose threshold a balance reached, and none other.
    const mismatches = await rows<{ id: number }>(
      sql`select u.id from users u cross join badges b
          left join user_badges ub on ub.user_id = u.id and ub.badge_id = b.id
          where u.role = 'student' and (b.coins_required <= u.coins) <> (ub.id is not null)`,
    );
    expect(mismatches).toEqual([]);
    // Each badge was earned on the day of the award that reached it, not on the day of the seed.
    const [late] = await rows<{ badges: number }>(
      sql`select count(*)::int as badges from user_badges ub
          where ub.earned_at <> (select max(created_at) from coin_ledger l where l.user_id = ub.user_id
            and (select sum(amount) from coin_ledger m where m.user_id = l.user_id and m.created_at <= l.created_at)
              >= (select coins_required from badges b where b.id = ub.badge_id)
            and (select sum(amount) from coin_ledger m where m.user_id = l.user_id and m.created_at < l.created_at)
              < (select coins_required from badges b where b.id = ub.badge_id))`,
    );
    expect(late?.badges).toBe(0);
  });

  it("leaves its students nothing to celebrate: the semester is the demo's past (ADR 0032)", async () => {
    const [uncelebrated] = await rows<{ count: number }>(
      sql`select count(*)::int as count from users where celebrated_coins <> coins`,
    );
    expect(uncelebrated?.count).toBe(0);
    const [rich] = await rows<{ count: number }>(
      sql`select count(*)::int as count from users where coins > 0`,
    );
    expect(rich?.count).toBeGreaterThan(0);
  });

  it("shows the bundled photographs on its opportunities, each file there and credited, and editable as is", async () => {
    const pictured = await rows<{ id: number; image_url: string }>(
      sql`select id, image_url from opportunities where image_url is not null order by id`,
    );
    expect(pictured.length).toBeGreaterThanOrEqual(6);
    const credits = readFileSync("docs/photo-credits.md", "utf8");
    for (const { image_url } of pictured) {
      expect(isBundledPhotoPath(image_url), image_url).toBe(true);
      expect(existsSync(path.join("src/client/public", image_url)), image_url).toBe(true);
      expect(credits, image_url).toContain(path.basename(image_url));
    }
    // An admin saving a demo opportunity unchanged keeps its photo: the path passes the server's validation.
    const admin = await signIn(context.app, "admin@iimb.ac.in", signIns[0]?.password);
    const id = pictured[0]?.id;
    const current = (await as(context.app, admin, { method: "GET", url: `/api/opportunities/${id}` })).json();
    const saved = await as(context.app, admin, {
      method: "PUT",
      url: `/api/opportunities/${id}`,
      payload: current,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().imageUrl).toBe(pictured[0]?.image_url);
  });

  it("has told its people the last three weeks: a bell with a count, a past, and a week of mail not sent", async () => {
    const asha = await signIn(context.app, "asha.rao@iimb.ac.in", DEMO_STUDENT_PASSWORD);
    const list = await as(context.app, asha, { method: "GET", url: "/api/notifications?limit=50" });
    const items = list.json() as { createdAt: string; readAt: string | null }[];
    expect(items.length).toBeGreaterThan(2);
    expect(items.filter((item) => item.readAt === null)).toHaveLength(2);
    const admin = await signIn(context.app, "admin@iimb.ac.in", signIns[0]?.password);
    const unread = await as(context.app, admin, { method: "GET", url: "/api/notifications/unread-count" });
    expect(unread.json().unread).toBeGreaterThan(0);

    const [spread] = await rows<{ oldest: string; newest: string; unread: number; read_late: number }>(
      sql`select min(created_at) as oldest, max(created_at) as newest,
            count(*) filter (where read_at is null)::int as unread,
            count(*) filter (where read_at is null and created_at < now() - interval '4 days')::int as read_late
          from notifications`,
    );
    // Dated across the weeks they happened in, not all at the moment of seeding; only the last days unread.
    expect(Date.now() - new Date(spread?.oldest ?? 0).getTime()).toBeGreaterThan(14 * DAY_MS);
    expect(spread?.unread).toBeGreaterThan(0);
    // Only the README students keep older ones unread (their two latest), as if they had not looked since.
    expect(spread?.read_late).toBeLessThanOrEqual(10);
    const mail = await rows<{ status: string; oldest: string }>(
      sql`select status, min(created_at) as oldest from mail_outbox group by status`,
    );
    expect(mail.map((row) => row.status)).toEqual(["not_sent"]);
    expect(Date.now() - new Date(mail[0]?.oldest ?? 0).getTime()).toBeLessThan(8 * DAY_MS);
  });

  it("does nothing on a database that has users, and plans the same world from the same seed and time", async () => {
    expect(await seedDemo(context.db, DOMAIN)).toEqual([]);
    const now = new Date("2026-11-24T10:00:00Z");
    expect(planDemo(DOMAIN, { now })).toEqual(planDemo(DOMAIN, { now }));
  });
});

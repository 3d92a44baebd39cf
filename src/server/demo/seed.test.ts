// The living demo (issue 16, ADR 0023) on a fresh database: what a first `npm start` shows.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_MAIL_SITE } from "@server/app";
import { findLedgerProblems } from "@server/modules/coins/ledger-check";
import type { LeaderboardEntry } from "@shared/contract/leaderboard";
import { APPLICATION_STATUSES, PROGRAMS } from "@shared/domain/enums";
import { interestMatch, isPerfectMatch } from "@shared/domain/interests";
import { isBundledPhotoPath } from "@shared/domain/photos";
import { as, createTestApp, signIn, TEST_APP_CONFIG, type TestContext } from "@test/app";
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
  signIns = await seedDemo(context.db, DOMAIN, {
    certificates: { ...DEFAULT_MAIL_SITE, key: TEST_APP_CONFIG.certificateKey },
  });
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
    // The admins were told when the approval that reached the target was made, not when the demo was seeded.
    const told = await rows<{ told_at: string; reached: boolean }>(
      sql`select n.created_at as told_at, exists (
            select 1 from hour_submissions s join applications a on a.id = s.application_id
            where a.opportunity_id = o.id and s.status = 'approved' and s.reviewed_at = n.created_at) as reached
          from notifications n join opportunities o on n.dedupe_key = 'target_reached:' || o.id || ':admins'`,
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.reached).toBe(true);
    expect(Date.now() - new Date(told[0]?.told_at ?? Date.now()).getTime()).toBeGreaterThan(DAY_MS);
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

    const [spread] = await rows<{
      oldest: string;
      newest: string;
      unread: number;
      read_late: number;
      admins: number;
      admins_read_late: number;
    }>(
      sql`select min(created_at) as oldest, max(created_at) as newest,
            count(*) filter (where user_id is not null and read_at is null)::int as unread,
            count(*) filter (where user_id is not null and read_at is null
              and created_at < now() - interval '4 days')::int as read_late,
            count(*) filter (where user_id is null)::int as admins,
            count(*) filter (where user_id is null and created_at < now() - interval '4 days'
              and not exists (select 1 from admin_notice_reads r where r.notification_id = n.id))::int
              as admins_read_late
          from notifications n`,
    );
    // Dated across the weeks they happened in, not all at the moment of seeding; only the last days unread.
    expect(Date.now() - new Date(spread?.oldest ?? 0).getTime()).toBeGreaterThan(14 * DAY_MS);
    expect(spread?.unread).toBeGreaterThan(0);
    // Only the README students keep older ones unread (their two latest), as if they had not looked since.
    expect(spread?.read_late).toBeLessThanOrEqual(10);
    // The admins' notices (one each, ADR 0080) of the older days were read by the admins.
    expect(spread?.admins).toBeGreaterThan(0);
    expect(spread?.admins_read_late).toBe(0);
    const mail = await rows<{ status: string; oldest: string }>(
      sql`select status, min(created_at) as oldest from mail_outbox group by status`,
    );
    expect(mail.map((row) => row.status)).toEqual(["not_sent"]);
    expect(Date.now() - new Date(mail[0]?.oldest ?? 0).getTime()).toBeLessThan(8 * DAY_MS);
  });

  it("describes every submission, served after the acceptance and never in the future (ADR 0040)", async () => {
    const [bad] = await rows<{
      undescribed: number;
      undated: number;
      early: number;
      future: number;
      late: number;
    }>(
      sql`select count(*) filter (where description is null or length(description) < 10)::int as undescribed,
            count(*) filter (where served_from is null or served_to is null or served_from > served_to)::int as undated,
            count(*) filter (where served_from < (a.applied_at at time zone 'Asia/Kolkata')::date)::int as early,
            count(*) filter (where served_to > (now() at time zone 'Asia/Kolkata')::date)::int as future,
            count(*) filter (where served_to > (h.submitted_at at time zone 'Asia/Kolkata')::date)::int as late
          from hour_submissions h join applications a on a.id = h.application_id`,
    );
    expect(bad).toEqual({ undescribed: 0, undated: 0, early: 0, future: 0, late: 0 });
    const [variety] = await rows<{ descriptions: number; reflections: number }>(
      sql`select count(distinct description)::int as descriptions, count(reflection)::int as reflections
          from hour_submissions`,
    );
    expect(variety?.descriptions).toBeGreaterThan(20);
    expect(variety?.reflections).toBeGreaterThan(0);
  });

  it("has supervisor-verified opportunities with confirmed, disputed and waiting submissions", async () => {
    const supervised = await rows<{
      title: string;
      supervisor_email: string | null;
      auto: number | null;
      named: boolean;
    }>(
      sql`select title, supervisor_email, auto_approve_max_hours as auto, student_names_supervisor as named
          from opportunities where verification = 'supervisor' order by title`,
    );
    expect(supervised.length).toBeGreaterThanOrEqual(2);
    expect(supervised.some((row) => row.auto === 6)).toBe(true);
    expect(supervised.some((row) => row.named)).toBe(true);
    expect(supervised.find((row) => row.auto === 6)?.supervisor_email).toMatch(/@bilekahalli-school\.in$/);
    const byStatus = await rows<{
      verification_status: string;
      status: string;
      n: number;
      unanswered: number;
    }>(
      sql`select verification_status, status, count(*)::int as n,
            count(*) filter (where verified_at is null)::int as unanswered
          from hour_submissions where verification_status <> 'not_required'
          group by verification_status, status`,
    );
    const count = (verification: string, status?: string) =>
      byStatus
        .filter((row) => row.verification_status === verification && (!status || row.status === status))
        .reduce((sum, row) => sum + row.n, 0);
    expect(count("confirmed", "approved")).toBeGreaterThan(0);
    expect(count("confirmed", "pending")).toBeGreaterThan(0);
    expect(count("disputed")).toBe(1);
    expect(count("pending", "pending")).toBe(1);
    for (const row of byStatus)
      expect(row.unanswered, row.verification_status).toBe(row.verification_status === "pending" ? row.n : 0);
    const [disputed] = await rows<{ dispute_reason: string | null; supervisor_name: string | null }>(
      sql`select dispute_reason, supervisor_name from hour_submissions where verification_status = 'disputed'`,
    );
    expect(disputed?.dispute_reason?.length).toBeGreaterThan(10);
    expect(disputed?.supervisor_name).toBeTruthy();
    // Nobody confirmed after the admin reviewed.
    const [late] = await rows<{ n: number }>(
      sql`select count(*)::int as n from hour_submissions where verified_at > coalesce(reviewed_at, now())
            or verified_at < submitted_at`,
    );
    expect(late?.n).toBe(0);
  });

  it("gives every demo application a timeline, its supervisor's steps included", async () => {
    const [missing] = await rows<{ n: number }>(
      sql`select count(*)::int as n from applications a
          where not exists (select 1 from application_events e where e.application_id = a.id and e.kind = 'applied')`,
    );
    expect(missing?.n).toBe(0);
    const kinds = await rows<{ kind: string }>(
      sql`select distinct kind from application_events order by kind`,
    );
    expect(kinds.map((row) => row.kind)).toEqual(
      expect.arrayContaining([
        "applied",
        "accepted",
        "rejected",
        "withdrawn",
        "hours_submitted",
        "verification_requested",
        "verified",
        "disputed",
        "hours_approved",
        "completed",
      ]),
    );
    // Each submission's steps come in order: submitted, sent to the supervisor, answered, reviewed.
    const [disordered] = await rows<{ n: number }>(
      sql`select count(*)::int as n from application_events answer
          join application_events submitted on submitted.hour_submission_id = answer.hour_submission_id
            and submitted.kind = 'hours_submitted'
          where answer.kind in ('verification_requested', 'verified', 'disputed') and answer.at <= submitted.at`,
    );
    expect(disordered?.n).toBe(0);
    // Asha's timeline reads through the API.
    const asha = await signIn(context.app, "asha.rao@iimb.ac.in", DEMO_STUDENT_PASSWORD);
    const [own] = await rows<{ id: number }>(
      sql`select a.id from applications a join users u on u.id = a.user_id
          where u.email = 'asha.rao@iimb.ac.in' order by a.id limit 1`,
    );
    const timeline = await as(context.app, asha, {
      method: "GET",
      url: `/api/applications/${own?.id}/timeline`,
    });
    expect(timeline.statusCode).toBe(200);
    expect(timeline.json()[0]).toMatchObject({ kind: "applied", actor: "student", actorName: "Asha Rao" });
  });

  it("gives Asha a valid certificate of all her approved service, as her profile would issue it", async () => {
    const asha = await signIn(context.app, "asha.rao@iimb.ac.in", DEMO_STUDENT_PASSWORD);
    const mine = await as(context.app, asha, { method: "GET", url: "/api/certificates" });
    expect(mine.statusCode).toBe(200);
    const [certificate] = mine.json();
    expect(certificate).toMatchObject({ scope: "all", revokedAt: null });
    expect(certificate.totalHours).toBeGreaterThan(0);
    const verified = await context.app.inject({ method: "GET", url: `/api/verify/${certificate.code}` });
    expect(verified.json()).toMatchObject({ status: "valid", signatureValid: true });
    expect(verified.json().snapshot.holder.name).toBe("Asha Rao");
  });

  it("does nothing on a database that has users, and plans the same world from the same seed and time", async () => {
    expect(await seedDemo(context.db, DOMAIN)).toEqual([]);
    const now = new Date("2026-11-24T10:00:00Z");
    expect(planDemo(DOMAIN, { now })).toEqual(planDemo(DOMAIN, { now }));
  });
});

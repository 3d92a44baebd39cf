// My data (GET /api/auth/export, ADR 0040): the signed-in person's rows, nobody else's, and no secret.
import {
  badges,
  certificates,
  notificationPreferences,
  userBadges,
  userIdentities,
  users,
  waitlistEntries,
} from "@server/db/schema";
import { createTestApp, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let t: TestContext;
let admin: Actor;
let flow: ReturnType<typeof workflow>;

beforeAll(async () => {
  t = await createTestApp();
  flow = workflow(t.app);
  admin = await newActor(t.app, t.db, "admin");
});
afterAll(() => t?.close());

async function secretsOf(id: number) {
  const [row] = await t.db
    .select({ hash: users.passwordHash, token: users.calendarToken })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new Error("no user");
  return row;
}

const exportOf = (actor: Actor) => flow.call(actor, "GET", "/api/auth/export");

describe("GET /api/auth/export", () => {
  it("holds the student's own records, as an attachment, and none of another student's", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, {
      title: "Reading Hour at Bilekahalli School",
      coinsPerHour: 10,
      maxCoins: 100,
    });
    const full = await insertOpportunity(t.db, admin.id, { title: "Lake Clean-up Drive", capacity: 1 });
    const student = await newActor(t.app, t.db);
    const other = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, student, opportunity.id);
    const completed = await flow.setStatus(admin, id, {
      status: "completed",
      hoursCompleted: 3,
      coinsAwarded: 30,
      adminFeedback: "Lovely work with the children",
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const othersId = await flow.accepted(admin, other, full.id);
    await t.db.insert(waitlistEntries).values({ userId: student.id, opportunityId: full.id });
    await t.db
      .insert(notificationPreferences)
      .values({ userId: student.id, category: "hours", email: false });
    const [badge] = await t.db.select().from(badges).limit(1);
    if (badge)
      await t.db.insert(userBadges).values({ userId: student.id, badgeId: badge.id }).onConflictDoNothing();
    await t.db.insert(certificates).values({
      code: "CERT-TEST-OWN",
      userId: student.id,
      scope: "all",
      keyId: "test-key",
    });
    await t.db.insert(certificates).values({
      code: "CERT-TEST-OTHER",
      userId: other.id,
      scope: "all",
      keyId: "test-key",
    });
    // The institution's sign-in linked to the student, and another to someone else (ADR 0041).
    const [link] = await t.db
      .insert(userIdentities)
      .values({
        issuer: "https://login.microsoftonline.com/tenant/v2.0",
        subject: "student-subject",
        userId: student.id,
      })
      .returning();
    const linkedAt = link?.createdAt.toISOString();
    await t.db.insert(userIdentities).values({
      issuer: "https://login.microsoftonline.com/tenant/v2.0",
      subject: "other-subject",
      userId: other.id,
    });

    const response = await exportOf(student);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="seva-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    const data = response.json();
    expect(data.format).toBe("seva-my-data/1");
    expect(data.account).toMatchObject({ id: student.id, email: student.email, role: "student" });
    expect(data.applications.map((row: { id: number }) => row.id)).toEqual([id]);
    expect(data.applications[0]).toMatchObject({
      opportunityTitle: "Reading Hour at Bilekahalli School",
      status: "completed",
    });
    expect(data.hourSubmissions).toHaveLength(1);
    expect(data.hourSubmissions[0]).toMatchObject({ applicationId: id, hours: 3, coinsAwarded: 30 });
    expect(data.timeline.map((step: { kind: string }) => step.kind)).toEqual([
      "applied",
      "accepted",
      "completed",
    ]);
    expect(data.ledger.map((row: { amount: number }) => row.amount)).toEqual([30]);
    expect(data.certificates.map((row: { code: string }) => row.code)).toEqual(["CERT-TEST-OWN"]);
    expect(data.notifications.length).toBeGreaterThan(0);
    for (const notification of data.notifications) expect(notification.userId).toBe(student.id);
    expect(data.notificationPreferences).toEqual([{ category: "hours", email: false }]);
    expect(data.waitlist).toHaveLength(1);
    expect(data.waitlist[0]).toMatchObject({ opportunityTitle: "Lake Clean-up Drive", status: "waiting" });
    if (badge) expect(data.badges.map((row: { name: string }) => row.name)).toContain(badge.name);
    expect(data.identities).toEqual([
      {
        issuer: "https://login.microsoftonline.com/tenant/v2.0",
        subject: "student-subject",
        createdAt: linkedAt,
      },
    ]);

    // Nobody else's rows, and no secret of anyone's.
    expect(response.body).not.toContain(other.email);
    expect(response.body).not.toContain("CERT-TEST-OTHER");
    expect(response.body).not.toContain("other-subject");
    expect(data.applications.some((row: { id: number }) => row.id === othersId)).toBe(false);
    const own = await secretsOf(student.id);
    expect(response.body).not.toContain(own.hash);
    expect(response.body).not.toContain(own.token);
    expect(data.account).not.toHaveProperty("passwordHash");
    expect(data.account).not.toHaveProperty("calendarToken");
    expect(response.body).not.toMatch(/shareToken|share_token|tokenHash/);
  });

  it("gives an admin their own account, with their digest choice", async () => {
    const chosen = await flow.call(admin, "PUT", "/api/notifications/preferences", { digest: "immediate" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const response = await exportOf(admin);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json();
    expect(data.account).toMatchObject({
      id: admin.id,
      email: admin.email,
      role: "admin",
      adminDigest: "immediate",
    });
    expect(data.applications).toEqual([]);
    expect(data.identities).toEqual([]);
    expect(data.adminNoticeReading).toBeNull();
    const own = await secretsOf(admin.id);
    expect(response.body).not.toContain(own.hash);
    expect(response.body).not.toContain(own.token);
  });

  it("gives an admin how far they have read the notices every admin shares, and nobody else's reading", async () => {
    const reader = await newActor(t.app, t.db, "admin");
    const otherAdmin = await newActor(t.app, t.db, "admin");
    const student = await newActor(t.app, t.db);
    for (const title of ["Braille Transcription Help", "Old Age Home Visits"]) {
      const opportunity = await insertOpportunity(t.db, admin.id, { title });
      await flow.apply(student, opportunity.id);
    }
    const listed = await flow.call(reader, "GET", "/api/notifications?limit=2");
    expect(listed.statusCode, listed.body).toBe(200);
    const [newest, older] = listed.json() as { id: number; title: string }[];
    if (!newest || !older) throw new Error("the applications told the admins nothing");

    // One notice opened on its own: a single read, and no mark yet.
    expect((await flow.call(reader, "POST", `/api/notifications/${older.id}/read`)).statusCode).toBe(200);
    expect((await flow.call(otherAdmin, "POST", `/api/notifications/${newest.id}/read`)).statusCode).toBe(
      200,
    );
    let data = (await exportOf(reader)).json();
    expect(data.adminNoticeReading).toEqual({
      readThrough: 0,
      readThroughAt: null,
      reads: [{ notificationId: older.id, title: older.title, readAt: expect.any(String) }],
    });

    // "Mark all as read": the mark moves to the newest, and the single reads below it are gone.
    expect((await flow.call(reader, "POST", "/api/notifications/read-all")).statusCode).toBe(200);
    data = (await exportOf(reader)).json();
    expect(data.adminNoticeReading).toEqual({
      readThrough: newest.id,
      readThroughAt: expect.any(String),
      reads: [],
    });
    expect(Date.parse(data.adminNoticeReading.readThroughAt)).not.toBeNaN();
    // The other admin's single read is theirs alone; a student has no reading of the admins' notices.
    expect((await exportOf(otherAdmin)).json().adminNoticeReading.reads).toEqual([
      { notificationId: newest.id, title: newest.title, readAt: expect.any(String) },
    ]);
    expect((await exportOf(student)).json().adminNoticeReading).toBeNull();
  });

  it("answers 401 signed out", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/auth/export" });
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-disposition"]).toBeUndefined();
  });
});

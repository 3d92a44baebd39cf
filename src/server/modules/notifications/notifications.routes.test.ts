// Notifications written in the transaction of their cause (docs/product-rules.md §8, issue 17): each event tells
// the right people once, a change that rolls back tells nobody, e-mail follows preferences, and the in-app list
// is each person's own.
import { adminDigestSettings, mailOutbox, notificationPreferences, notifications } from "@server/db/schema";
import { createTestApp, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let t: TestContext;
let admin: Actor;
let flow: ReturnType<typeof workflow>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await newActor(t.app, t.db, "admin");
  flow = workflow(t.app);
});
afterAll(() => t?.close());

/** The kinds in the person's list as the app shows it (an admin's holds the notices to every admin), oldest first. */
async function kindsOf(actor: Actor) {
  const page = await flow.call(actor, "GET", "/api/notifications?limit=50");
  return (page.json() as { kind: string }[]).map((item) => item.kind).reverse();
}

async function mailsTo(userId: number) {
  return t.db
    .select({
      kind: mailOutbox.kind,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      data: mailOutbox.data,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId))
    .orderBy(mailOutbox.id);
}

describe("events of an application's life", () => {
  it("tell the student each step once, with its e-mail, and the admins of new work in the app", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, { coinsPerHour: 15, maxCoins: 300 });
    const student = await newActor(t.app, t.db);
    const id = await flow.apply(student, opportunity.id);
    expect(await kindsOf(student)).toEqual(["application_received"]);
    expect(await kindsOf(admin)).toContain("new_application");
    // Admins hear of new work by e-mail in the daily digest unless they choose "as it happens".
    expect((await mailsTo(admin.id)).map((mail) => mail.kind)).not.toContain("new_application");

    expect((await flow.setStatus(admin, id, { status: "accepted" })).statusCode).toBe(200);
    expect((await flow.submit(student, id, 4)).statusCode).toBe(200);
    expect(await kindsOf(admin)).toContain("new_hours");
    expect((await flow.reject(admin, id, "Please add the dates you served")).statusCode).toBe(200);
    expect((await flow.submit(student, id, 4)).statusCode).toBe(200);
    expect((await flow.approve(admin, id, 60)).statusCode).toBe(200);

    expect(await kindsOf(student)).toEqual([
      "application_received",
      "application_accepted",
      "hours_rejected",
      "hours_approved",
    ]);
    const mails = await mailsTo(student.id);
    expect(mails.map((mail) => mail.kind)).toEqual(await kindsOf(student));
    expect(mails.every((mail) => mail.status === "pending")).toBe(true);
    const rejected = mails[2];
    expect(rejected?.data).toMatchObject({ feedback: "Please add the dates you served", link: "/dashboard" });
    const approved = mails[3];
    expect(approved?.subject).toBe("Hours approved");
    expect(approved?.data).toMatchObject({ coinsAwarded: 60, hours: 4, level: null });
  });

  it("tells nobody of a decision that is refused and rolls back", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const id = await flow.apply(student, opportunity.id);
    const before = await kindsOf(student);
    // Hours cannot be approved on a pending application: the transaction rolls back.
    expect((await flow.approve(admin, id, 50)).statusCode).toBe(409);
    expect((await flow.reject(admin, id, "No")).statusCode).toBe(409);
    expect(await kindsOf(student)).toEqual(before);
    expect((await mailsTo(student.id)).length).toBe(before.length);
  });

  it("names the level reached and the badge earned, and tells the admins once the target is reached", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, {
      coinsPerHour: 25,
      maxCoins: 1000,
      totalRequiredHours: 4,
    });
    const student = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, student, opportunity.id);
    expect((await flow.submit(student, id, 4)).statusCode).toBe(200);
    expect((await flow.approve(admin, id, 100)).statusCode).toBe(200);
    const [approved] = await t.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, student.id), eq(notifications.kind, "hours_approved")));
    expect(approved?.body).toContain("100 coins");
    expect(approved?.body).toContain("You reached level 2!");
    const targets = (await flow.call(admin, "GET", "/api/notifications?limit=50"))
      .json()
      .filter((item: { kind: string }) => item.kind === "target_reached");
    expect(targets.map((row: { body: string }) => row.body)).toEqual([
      `“${opportunity.title}” reached its hours target and is now filled.`,
    ]);
  });

  it("follows the person's e-mail preferences, and an admin's choice of mail as it happens", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const quiet = await newActor(t.app, t.db);
    await t.db
      .insert(notificationPreferences)
      .values({ userId: quiet.id, category: "applications", email: false });
    const eager = await newActor(t.app, t.db, "admin");
    await t.db.insert(adminDigestSettings).values({ userId: eager.id, mode: "immediate" });

    await flow.apply(quiet, opportunity.id);
    expect(await kindsOf(quiet)).toEqual(["application_received"]);
    expect(await mailsTo(quiet.id)).toEqual([]);
    expect((await mailsTo(eager.id)).map((mail) => mail.kind)).toEqual(["new_application"]);
  });
});

/** The notices of changes to an opportunity one person received, oldest first. */
async function opportunityNoticesOf(userId: number) {
  return t.db
    .select({ kind: notifications.kind, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.kind, ["opportunity_changed", "opportunity_closed", "opportunity_deleted"]),
      ),
    )
    .orderBy(notifications.id);
}

describe("changes to an opportunity", () => {
  it("tell its applicants under way of a new place or schedule, a close and a removal", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const going = await newActor(t.app, t.db);
    const turnedAway = await newActor(t.app, t.db);
    await flow.accepted(admin, going, opportunity.id);
    const refusedId = await flow.apply(turnedAway, opportunity.id);
    expect((await flow.setStatus(admin, refusedId, { status: "rejected" })).statusCode).toBe(200);

    const current = (await flow.call(admin, "GET", `/api/opportunities/${opportunity.id}`)).json();
    const edit = (changes: object) =>
      flow.call(admin, "PUT", `/api/opportunities/${opportunity.id}`, { ...current, ...changes });
    expect((await edit({ title: `${current.title} (renamed)` })).statusCode).toBe(200);
    expect((await edit({ location: "Hebbal Lake gate 2", schedule: "Sundays 7:00–9:00" })).statusCode).toBe(
      200,
    );
    // The same moment written another way is no change; a new start is.
    const startsAt = "2026-12-06T07:00:00+05:30";
    expect(
      (await edit({ location: "Hebbal Lake gate 2", schedule: "Sundays 7:00–9:00", startsAt })).statusCode,
    ).toBe(200);
    const sameStart = {
      location: "Hebbal Lake gate 2",
      schedule: "Sundays 7:00–9:00",
      startsAt: "2026-12-06T01:30:00Z",
    };
    expect((await edit(sameStart)).statusCode).toBe(200);
    expect((await flow.call(admin, "PATCH", `/api/opportunities/${opportunity.id}/close`)).statusCode).toBe(
      200,
    );
    expect((await flow.call(admin, "DELETE", `/api/opportunities/${opportunity.id}`)).statusCode).toBe(200);

    const told = await opportunityNoticesOf(going.id);
    expect(told.map((row) => row.kind)).toEqual([
      "opportunity_changed",
      "opportunity_changed",
      "opportunity_closed",
      "opportunity_deleted",
    ]);
    expect(told[0]?.body).toContain("changed its place and schedule");
    expect(told[1]?.body).toContain("changed its dates");
    expect(await kindsOf(turnedAway)).toEqual(["application_received", "application_rejected"]);
  });

  it("tell its waiting list, in words of their own, that it closed or was removed", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, { capacity: 1 });
    const holder = await newActor(t.app, t.db);
    const offered = await newActor(t.app, t.db);
    const waiting = await newActor(t.app, t.db);
    const holderApplication = await flow.apply(holder, opportunity.id);
    const join = (actor: Actor) =>
      flow.call(actor, "POST", `/api/opportunities/${opportunity.id}/waitlist`, {});
    expect((await join(offered)).statusCode).toBe(201);
    expect((await join(waiting)).statusCode).toBe(201);
    // The holder's rejection frees the place: the first in line is offered it, the second still waits.
    expect((await flow.setStatus(admin, holderApplication, { status: "rejected" })).statusCode).toBe(200);
    expect(await kindsOf(offered)).toEqual(["waitlist_offer"]);

    const current = (await flow.call(admin, "GET", `/api/opportunities/${opportunity.id}`)).json();
    const moved = { ...current, location: "Cubbon Park, the bandstand" };
    expect((await flow.call(admin, "PUT", `/api/opportunities/${opportunity.id}`, moved)).statusCode).toBe(
      200,
    );
    expect((await flow.call(admin, "PATCH", `/api/opportunities/${opportunity.id}/close`)).statusCode).toBe(
      200,
    );
    expect((await flow.call(admin, "DELETE", `/api/opportunities/${opportunity.id}`)).statusCode).toBe(200);

    for (const student of [offered, waiting]) {
      const told = await opportunityNoticesOf(student.id);
      expect(told.map((row) => row.kind)).toEqual([
        "opportunity_changed",
        "opportunity_closed",
        "opportunity_deleted",
      ]);
      expect(told[0]?.body).toContain("whose waiting list you are on, changed its place");
      expect(told[1]?.body).toContain("You keep your place in line in case it reopens");
      expect(told[1]?.link).toBe(`/opportunity/${opportunity.id}`);
      expect(told[2]?.body).toContain("was removed by the administrators, with its waiting list");
      expect(told[2]?.link).toBe("/dashboard");
    }
    // The rejected holder left the opportunity's story at the rejection: no later change is theirs to hear.
    expect(await kindsOf(holder)).toEqual(["application_received", "application_rejected"]);
  });
});

describe("the in-app list", () => {
  it("is the person's own, newest first and paged, with an unread count and marking read", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const other = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, student, opportunity.id);
    await flow.submit(student, id, 2);
    await flow.approve(admin, id, 20);
    await flow.apply(other, opportunity.id);

    const unread = await flow.call(student, "GET", "/api/notifications/unread-count");
    expect(unread.json()).toEqual({ unread: 3 });
    const page = await flow.call(student, "GET", "/api/notifications?limit=2");
    expect(page.headers["x-total-count"]).toBe("3");
    expect(page.json().map((item: { kind: string }) => item.kind)).toEqual([
      "hours_approved",
      "application_accepted",
    ]);
    expect(page.json()[0]).toMatchObject({ title: "Hours approved", link: "/dashboard", readAt: null });
    const rest = await flow.call(student, "GET", "/api/notifications?limit=2&offset=2");
    expect(rest.json().map((item: { kind: string }) => item.kind)).toEqual(["application_received"]);

    // Another's notification is not marked, and says nothing about it.
    const [othersNotification] = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, other.id));
    const foreign = await flow.call(student, "POST", `/api/notifications/${othersNotification?.id}/read`);
    expect(foreign.json()).toEqual({ unread: 3 });
    expect((await flow.call(other, "GET", "/api/notifications/unread-count")).json()).toEqual({ unread: 1 });

    const first = page.json()[0].id;
    expect((await flow.call(student, "POST", `/api/notifications/${first}/read`)).json()).toEqual({
      unread: 2,
    });
    expect((await flow.call(student, "POST", "/api/notifications/read-all")).json()).toEqual({ unread: 0 });
    expect(
      (await flow.call(student, "GET", "/api/notifications"))
        .json()
        .every((item: { readAt: string | null }) => item.readAt !== null),
    ).toBe(true);
  });
});

describe("the notices to every administrator", () => {
  const unreadOf = async (actor: Actor) =>
    (await flow.call(actor, "GET", "/api/notifications/unread-count")).json().unread as number;
  const listOf = async (actor: Actor) =>
    (await flow.call(actor, "GET", "/api/notifications?limit=50")).json() as {
      id: number;
      kind: string;
      body: string;
      readAt: string | null;
    }[];

  it("are written once, and each admin reads them apart; an admin appointed later starts with none unread", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const colleague = await newActor(t.app, t.db, "admin");
    const applicant = await newActor(t.app, t.db);
    const [mine, theirs] = [await unreadOf(admin), await unreadOf(colleague)];

    const applicationId = await flow.apply(applicant, opportunity.id);
    // One row for all the admins, however many there are, and none of anyone's own.
    const written = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `new_application:${applicationId}:admins`));
    expect(written).toEqual([{ userId: null }]);
    expect(await unreadOf(admin)).toBe(mine + 1);
    expect(await unreadOf(colleague)).toBe(theirs + 1);
    const [notice] = (await listOf(colleague)).filter((item) => item.kind === "new_application");
    expect(notice).toMatchObject({ readAt: null });
    expect(notice?.body).toContain(opportunity.title);
    // A student neither sees it nor can mark it.
    expect((await listOf(applicant)).map((item) => item.kind)).toEqual(["application_received"]);
    expect((await flow.call(applicant, "POST", `/api/notifications/${notice?.id}/read`)).json()).toEqual({
      unread: 1,
    });

    // The colleague reads it: their count drops, the admin's does not.
    expect((await flow.call(colleague, "POST", `/api/notifications/${notice?.id}/read`)).json()).toEqual({
      unread: theirs,
    });
    expect((await flow.call(colleague, "POST", `/api/notifications/${notice?.id}/read`)).json()).toEqual({
      unread: theirs,
    });
    expect((await listOf(colleague)).find((item) => item.id === notice?.id)?.readAt).not.toBeNull();
    expect((await listOf(admin)).find((item) => item.id === notice?.id)?.readAt).toBeNull();
    expect(await unreadOf(admin)).toBe(mine + 1);

    // The admin reads everything; the next notice is new to both.
    expect((await flow.call(admin, "POST", "/api/notifications/read-all")).json()).toEqual({ unread: 0 });
    expect((await listOf(admin)).every((item) => item.readAt !== null)).toBe(true);
    const second = await newActor(t.app, t.db);
    await flow.apply(second, opportunity.id);
    expect(await unreadOf(admin)).toBe(1);
    expect(await unreadOf(colleague)).toBe(theirs + 1);

    // Appointed now: the past is in the list, read; only what comes next is unread.
    const appointed = await newActor(t.app, t.db);
    const promoted = await flow.call(admin, "POST", "/api/admin/administrators", { email: appointed.email });
    expect(promoted.statusCode).toBe(200);
    expect(await unreadOf(appointed)).toBe(0);
    const history = await listOf(appointed);
    expect(history.filter((item) => item.kind === "new_application").length).toBeGreaterThanOrEqual(2);
    expect(history.every((item) => item.readAt !== null)).toBe(true);
    await flow.apply(await newActor(t.app, t.db), opportunity.id);
    expect(await unreadOf(appointed)).toBe(1);
    // Made a student again: the admins' notices are no longer theirs.
    expect((await flow.call(admin, "DELETE", `/api/admin/administrators/${appointed.id}`)).statusCode).toBe(
      200,
    );
    expect(await unreadOf(appointed)).toBe(0);
    expect(await listOf(appointed)).toEqual([]);
  });
});

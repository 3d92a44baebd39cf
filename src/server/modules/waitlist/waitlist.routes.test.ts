// Withdrawing and the waiting list through the API (docs/product-rules.md §12, ADR 0037).
import { applications, notifications, waitlistEntries } from "@server/db/schema";
import { findLedgerProblems } from "@server/modules/coins/ledger-check";
import { Scheduler } from "@server/modules/notifications/scheduler";
import { createTestApp, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { and, eq } from "drizzle-orm";
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

const student = () => newActor(t.app, t.db);
const withdraw = (actor: Actor, id: number) => flow.call(actor, "POST", `/api/applications/${id}/withdraw`);
const join = (actor: Actor, id: number, shareKey?: string) =>
  flow.call(actor, "POST", `/api/opportunities/${id}/waitlist`, shareKey ? { shareKey } : {});
const leave = (actor: Actor, id: number) => flow.call(actor, "DELETE", `/api/opportunities/${id}/waitlist`);
const take = (actor: Actor, id: number) =>
  flow.call(actor, "POST", `/api/opportunities/${id}/waitlist/accept-offer`);
const detail = async (actor: Actor, id: number) =>
  (await flow.call(actor, "GET", `/api/opportunities/${id}`)).json();

async function opportunity(capacity: number | null = null, overrides = {}) {
  return (await insertOpportunity(t.db, admin.id, { capacity, ...overrides })).id;
}

/** A full opportunity of `capacity` places, each held by a pending application; returns them too. */
async function fullOpportunity(capacity = 1) {
  const id = await opportunity(capacity);
  const holders: { actor: Actor; applicationId: number }[] = [];
  for (let i = 0; i < capacity; i++) {
    const actor = await student();
    holders.push({ actor, applicationId: await flow.apply(actor, id) });
  }
  return { id, holders };
}

async function entryOf(actor: Actor, opportunityId: number) {
  const rows = await t.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.userId, actor.id), eq(waitlistEntries.opportunityId, opportunityId)));
  return rows.at(-1);
}

describe("withdrawing an application", () => {
  it("withdraws a pending application and frees its place", async () => {
    const { id, holders } = await fullOpportunity(1);
    const [holder] = holders;
    if (!holder) throw new Error("no holder");
    const late = await student();
    expect((await flow.call(late, "POST", "/api/applications", { opportunityId: id })).statusCode).toBe(409);
    const response = await withdraw(holder.actor, holder.applicationId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: holder.applicationId, status: "withdrawn" });
    expect((await detail(late, id)).placesLeft).toBe(1);
    await flow.apply(late, id);
  });

  it("withdraws an accepted application with no hours, and refuses one with hours", async () => {
    const id = await opportunity();
    const one = await student();
    const accepted = await flow.accepted(admin, one, id);
    expect((await withdraw(one, accepted)).statusCode).toBe(200);

    const two = await student();
    const served = await flow.accepted(admin, two, id);
    expect((await flow.submit(two, served, 3)).statusCode).toBe(200);
    const underReview = await withdraw(two, served);
    expect(underReview.statusCode).toBe(409);
    expect(underReview.json().message).toMatch(/pending application, or an accepted one with no hours/);
    expect((await flow.approve(admin, served, 30)).statusCode).toBe(200);
    expect((await withdraw(two, served)).statusCode).toBe(409);
    expect(await findLedgerProblems(t.db)).toEqual([]);
  });

  it("refuses rejected, completed and already withdrawn applications, and double clicks", async () => {
    const id = await opportunity();
    const one = await student();
    const rejected = await flow.apply(one, id);
    expect((await flow.setStatus(admin, rejected, { status: "rejected" })).statusCode).toBe(200);
    expect((await withdraw(one, rejected)).statusCode).toBe(409);

    const two = await student();
    const pending = await flow.apply(two, id);
    const [first, second] = await Promise.all([withdraw(two, pending), withdraw(two, pending)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await withdraw(two, pending)).json().message).toMatch(/this one is withdrawn/);
  });

  it("answers 403 for another student's application and 404 for none", async () => {
    const id = await opportunity();
    const owner = await student();
    const application = await flow.apply(owner, id);
    expect((await withdraw(await student(), application)).statusCode).toBe(403);
    expect((await withdraw(owner, 99_999_999)).statusCode).toBe(404);
    expect((await withdraw(admin, application)).statusCode).toBe(403);
  });

  it("lets the student apply again: a new application beside the withdrawn one", async () => {
    const id = await opportunity();
    const one = await student();
    const first = await flow.apply(one, id);
    expect((await withdraw(one, first)).statusCode).toBe(200);
    const again = await flow.apply(one, id);
    expect(again).not.toBe(first);
    expect((await detail(one, id)).viewerApplication).toEqual({ id: again, status: "pending" });
    expect((await flow.call(one, "POST", "/api/applications", { opportunityId: id })).statusCode).toBe(409);
    const rows = await t.db.select().from(applications).where(eq(applications.opportunityId, id));
    expect(rows.map((row) => row.status).sort()).toEqual(["pending", "withdrawn"]);
  });

  it("shows withdrawn applications apart in the admin counts and filters", async () => {
    const id = await opportunity();
    const one = await student();
    await withdraw(one, await flow.apply(one, id));
    await flow.apply(await student(), id);
    const list = await flow.call(
      admin,
      "GET",
      `/api/admin/applications?opportunityId=${id}&status=withdrawn`,
    );
    expect(list.json().map((row: { status: string }) => row.status)).toEqual(["withdrawn"]);
    const manager = (await flow.call(admin, "GET", "/api/admin/opportunities?limit=100")).json();
    const counts = manager.find((row: { id: number }) => row.id === id).counts;
    expect(counts).toMatchObject({ pending: 1, withdrawn: 1 });
  });
});

describe("the waiting list", () => {
  it("is for full open opportunities only, once per student", async () => {
    const roomy = await opportunity(5);
    const one = await student();
    expect((await join(one, roomy)).json().message).toMatch(/apply instead/);
    expect((await join(one, await opportunity(null))).statusCode).toBe(409);

    const { id, holders } = await fullOpportunity(1);
    expect((await join(holders[0]?.actor as Actor, id)).json().message).toMatch(/already applied/);
    const joined = await join(one, id);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ status: "waiting", position: 1 });
    expect((await join(one, id)).statusCode).toBe(409);
    const two = await student();
    expect((await join(two, id)).json().position).toBe(2);
    expect(await detail(two, id)).toMatchObject({
      placesLeft: 0,
      waitlistCount: 2,
      viewerWaitlist: { status: "waiting", position: 2, offerExpiresAt: null },
    });
    const mine = (await flow.call(two, "GET", "/api/waitlist")).json();
    expect(mine).toMatchObject([{ opportunityId: id, position: 2, opportunity: { id } }]);

    const closed = await opportunity(1, { status: "closed" });
    expect((await join(one, closed)).statusCode).toBe(409);
    const hidden = await opportunity(1, { visibility: "private" });
    expect((await join(one, hidden)).statusCode).toBe(404);
  });

  it("offers a freed place to the first in line on rejection, who takes it", async () => {
    const { id, holders } = await fullOpportunity(1);
    const first = await student();
    const second = await student();
    await join(first, id);
    await join(second, id);
    const holder = holders[0];
    if (!holder) throw new Error("no holder");
    expect((await flow.setStatus(admin, holder.applicationId, { status: "rejected" })).statusCode).toBe(200);

    const offered = await detail(first, id);
    expect(offered.viewerWaitlist).toMatchObject({ status: "offered", position: null });
    const hours = (Date.parse(offered.viewerWaitlist.offerExpiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect((await detail(second, id)).viewerWaitlist).toMatchObject({ status: "waiting", position: 1 });
    // The held place is nobody else's: neither a stranger nor the second in line can apply or take it.
    expect(
      (await flow.call(await student(), "POST", "/api/applications", { opportunityId: id })).statusCode,
    ).toBe(409);
    expect((await take(second, id)).statusCode).toBe(409);
    // A reconsidered rejection cannot take it either.
    expect((await flow.setStatus(admin, holder.applicationId, { status: "accepted" })).statusCode).toBe(409);

    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, first.id), eq(notifications.kind, "waitlist_offer")));
    expect(note?.body).toMatch(/48 hours/);
    expect(note?.link).toBe(`/opportunity/${id}`);

    const taken = await take(first, id);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json()).toMatchObject({ userId: first.id, status: "pending" });
    expect((await entryOf(first, id))?.status).toBe("taken");
    expect((await take(first, id)).statusCode).toBe(404);
    expect((await detail(first, id)).viewerWaitlist).toBeNull();
  });

  it("offers on withdrawal and on more capacity, as many places as freed", async () => {
    const { id, holders } = await fullOpportunity(1);
    const line = [await student(), await student(), await student()];
    for (const actor of line) await join(actor, id);
    const holder = holders[0];
    if (!holder) throw new Error("no holder");
    expect((await withdraw(holder.actor, holder.applicationId)).statusCode).toBe(200);
    expect((await entryOf(line[0] as Actor, id))?.status).toBe("offered");
    expect((await entryOf(line[1] as Actor, id))?.status).toBe("waiting");

    const current = await detail(admin, id);
    const edit = { ...current, capacity: 3 };
    expect((await flow.call(admin, "PUT", `/api/opportunities/${id}`, edit)).statusCode).toBe(200);
    for (const actor of line) expect((await entryOf(actor, id))?.status).toBe("offered");
  });

  it("passes a declined offer to the next in line, and leaving keeps the order", async () => {
    const { id, holders } = await fullOpportunity(1);
    const [a, b, c] = [await student(), await student(), await student()];
    for (const actor of [a, b, c]) await join(actor, id);
    expect((await leave(b, id)).statusCode).toBe(200);
    expect((await detail(c, id)).viewerWaitlist.position).toBe(2);
    expect((await leave(b, id)).statusCode).toBe(404);
    await withdraw(holders[0]?.actor as Actor, holders[0]?.applicationId as number);
    expect((await entryOf(a, id))?.status).toBe("offered");
    expect((await leave(a, id)).statusCode).toBe(200);
    expect((await entryOf(a, id))?.status).toBe("left");
    expect((await entryOf(c, id))?.status).toBe("offered");
    // Leaving, then joining again, is a new place at the end of the line.
    expect((await join(b, id)).json()).toMatchObject({ status: "waiting", position: 1 });
  });

  it("lapses an offer after 48 hours and offers the place to the next, once across processes", async () => {
    const { id, holders } = await fullOpportunity(1);
    const [a, b] = [await student(), await student()];
    await join(a, id);
    await join(b, id);
    await withdraw(holders[0]?.actor as Actor, holders[0]?.applicationId as number);
    const later = new Date(Date.now() + 49 * 3_600_000);
    const one = new Scheduler({ db: t.db, now: () => later, timeZone: "Asia/Kolkata" });
    const two = new Scheduler({ db: t.db, now: () => later, timeZone: "Asia/Kolkata" });
    await Promise.all([one.runOnce(), two.runOnce()]);
    expect((await entryOf(a, id))?.status).toBe("expired");
    expect((await entryOf(b, id))?.status).toBe("offered");
    const expired = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.kind, "waitlist_offer_expired")));
    expect(expired).toHaveLength(1);
    const offers = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.kind, "waitlist_offer")));
    expect(offers).toHaveLength(1);
    // An offer past its deadline cannot be taken even before the scheduler passes.
    await t.db
      .update(waitlistEntries)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(waitlistEntries.userId, b.id), eq(waitlistEntries.opportunityId, id)));
    expect((await take(b, id)).json().message).toMatch(/expired/);
  });

  it("reminds the holder of an offer 12 hours before it lapses, once", async () => {
    const { id, holders } = await fullOpportunity(1);
    const a = await student();
    await join(a, id);
    await withdraw(holders[0]?.actor as Actor, holders[0]?.applicationId as number);
    const soon = new Date(Date.now() + 37 * 3_600_000);
    const scheduler = new Scheduler({ db: t.db, now: () => soon, timeZone: "Asia/Kolkata" });
    await scheduler.runOnce();
    await scheduler.runOnce();
    const reminders = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.kind, "reminder_waitlist_offer")));
    expect(reminders).toHaveLength(1);
  });

  it("shows admins the line with names, status and offer expiry", async () => {
    const { id, holders } = await fullOpportunity(1);
    const [a, b] = [await student(), await student()];
    await join(a, id);
    await join(b, id);
    await withdraw(holders[0]?.actor as Actor, holders[0]?.applicationId as number);
    const list = (await flow.call(admin, "GET", `/api/admin/opportunities/${id}/waitlist`)).json();
    expect(list).toMatchObject([
      { status: "offered", position: null, user: { email: a.email } },
      { status: "waiting", position: 1, offerExpiresAt: null, user: { email: b.email } },
    ]);
    expect(list[0].offerExpiresAt).toEqual(expect.any(String));
    expect((await flow.call(admin, "GET", "/api/admin/opportunities/99999999/waitlist")).statusCode).toBe(
      404,
    );
  });
});

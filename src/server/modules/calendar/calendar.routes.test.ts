// The calendar files: an opportunity's .ics (signed in, the visibility of its page) and a student's feed (its
// secret only), their iCalendar text, and the feed's address through the contract.
import { createTestApp, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let t: TestContext;
let admin: Actor;
let student: Actor;
let other: Actor;
let flow: ReturnType<typeof workflow>;

const SATURDAY = { startsAt: new Date("2026-12-05T04:00:00Z"), endsAt: new Date("2026-12-05T07:00:00Z") };

beforeAll(async () => {
  t = await createTestApp();
  flow = workflow(t.app);
  [admin, student, other] = [
    await newActor(t.app, t.db, "admin"),
    await newActor(t.app, t.db),
    await newActor(t.app, t.db),
  ];
});
afterAll(() => t?.close());

/** The value of one property line of the first event, unfolded (RFC 5545 §3.1). */
function property(text: string, name: string): string | undefined {
  const unfolded = text.replace(/\r\n[ \t]/g, "");
  const event = unfolded.slice(unfolded.indexOf("BEGIN:VEVENT"));
  return event
    .split("\r\n")
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, "");
}

const eventCount = (text: string) => text.split("BEGIN:VEVENT").length - 1;

describe("GET /api/opportunities/:id/calendar.ics", () => {
  const icsOf = (actor: Actor | null, id: number, key?: string) =>
    t.app.inject({
      method: "GET",
      url: `/api/opportunities/${id}/calendar.ics${key ? `?key=${key}` : ""}`,
      headers: actor ? { cookie: actor.cookie } : {},
    });

  it("is one event in UTC, with a stable UID, escaped text and the page's link", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, {
      ...SATURDAY,
      title: "Beach clean-up, Juhu; bring gloves",
      shortDescription: "Clean the beach\nwith friends",
      location: "Juhu Beach, Mumbai",
    });
    const response = await icsOf(student, opportunity.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="beach-clean-up-juhu-bring-gloves.ics"',
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    const text = response.body;
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(eventCount(text)).toBe(1);
    expect(property(text, "UID")).toBe(`opportunity-${opportunity.id}@localhost`);
    expect(property(text, "DTSTART")).toBe("20261205T040000Z");
    expect(property(text, "DTEND")).toBe("20261205T070000Z");
    expect(property(text, "SUMMARY")).toBe("Beach clean-up\\, Juhu\\; bring gloves");
    expect(property(text, "LOCATION")).toBe("Juhu Beach\\, Mumbai");
    expect(property(text, "DESCRIPTION")).toBe(
      `Clean the beach\\nwith friends\\n\\nhttp://localhost:3000/opportunity/${opportunity.id}`,
    );
    // The same file again is the same text: calendars that import it twice update one event.
    expect((await icsOf(admin, opportunity.id)).body).toBe(text);
  });

  it("lasts an hour without an end", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, { startsAt: SATURDAY.startsAt });
    const text = (await icsOf(student, opportunity.id)).body;
    expect(property(text, "DTEND")).toBe("20261205T050000Z");
  });

  it("answers 401 to anonymous callers and 404 for an undated or missing opportunity", async () => {
    const dated = await insertOpportunity(t.db, admin.id, SATURDAY);
    const undated = await insertOpportunity(t.db, admin.id);
    expect((await icsOf(null, dated.id)).statusCode).toBe(401);
    expect((await icsOf(student, undated.id)).statusCode).toBe(404);
    expect((await icsOf(student, 99_999_999)).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/opportunities/abc/calendar.ics",
      headers: { cookie: student.cookie },
    });
    expect(bad.statusCode).toBe(404);
  });

  it("opens a private opportunity only with its key, an application, or to admins", async () => {
    const secret = await insertOpportunity(t.db, admin.id, { ...SATURDAY, visibility: "private" });
    const missing = await icsOf(student, 99_999_999);
    const hidden = await icsOf(student, secret.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(missing.json().message);
    expect((await icsOf(student, secret.id, "0".repeat(32))).statusCode).toBe(404);
    expect((await icsOf(student, secret.id, secret.shareToken)).statusCode).toBe(200);
    expect((await icsOf(admin, secret.id)).statusCode).toBe(200);
    await flow.apply(other, secret.id, secret.shareToken);
    expect((await icsOf(other, secret.id)).statusCode).toBe(200);
  });
});

describe("a student's calendar feed", () => {
  const feedOf = (actor: Actor, method: "GET" | "POST" = "GET") =>
    flow.call(actor, method, method === "GET" ? "/api/calendar/feed" : "/api/calendar/feed/reset");
  const fetchFeed = (url: string) => t.app.inject({ method: "GET", url: new URL(url).pathname });

  it("lists only the student's own accepted (and further) dated opportunities, without a session", async () => {
    const feedStudent = await newActor(t.app, t.db);
    const accepted = await insertOpportunity(t.db, admin.id, { ...SATURDAY, title: "Accepted one" });
    const secret = await insertOpportunity(t.db, admin.id, {
      startsAt: new Date("2026-12-12T04:00:00Z"),
      title: "Private accepted",
      visibility: "private",
    });
    const pending = await insertOpportunity(t.db, admin.id, { ...SATURDAY, title: "Only pending" });
    const undated = await insertOpportunity(t.db, admin.id, { title: "No date" });
    const othersOnly = await insertOpportunity(t.db, admin.id, { ...SATURDAY, title: "Someone else's" });
    await flow.accepted(admin, feedStudent, accepted.id);
    await flow.accepted(admin, feedStudent, secret.id, secret.shareToken);
    await flow.apply(feedStudent, pending.id);
    await flow.accepted(admin, feedStudent, undated.id);
    await flow.accepted(admin, other, othersOnly.id);

    const address = await feedOf(feedStudent);
    expect(address.statusCode).toBe(200);
    const { url } = address.json() as { url: string };
    expect(url).toMatch(/^http:\/\/localhost:3000\/calendar\/[0-9a-f]{32}\.ics$/);

    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    const text = response.body;
    expect(text).toContain("X-WR-CALNAME:Seva · IIM Bangalore\r\n");
    expect(text).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n");
    expect(text).toContain("X-PUBLISHED-TTL:PT1H\r\n");
    expect(eventCount(text)).toBe(2);
    expect(text).toContain("SUMMARY:Accepted one\r\n");
    expect(text).toContain("SUMMARY:Private accepted\r\n");
    expect(text).not.toContain("Only pending");
    expect(text).not.toContain("Someone else's");
    expect(text).toContain(`UID:opportunity-${accepted.id}@localhost`);
  });

  it("works with its token only, and stops at once after a reset", async () => {
    const { url } = (await feedOf(student)).json() as { url: string };
    expect((await fetchFeed(url)).statusCode).toBe(200);
    const reset = await feedOf(student, "POST");
    expect(reset.statusCode).toBe(200);
    const next = (reset.json() as { url: string }).url;
    expect(next).not.toBe(url);
    const gone = await fetchFeed(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe("");
    expect((await fetchFeed(next)).statusCode).toBe(200);
    expect((await feedOf(student)).json().url).toBe(next);
    for (const path of ["/calendar/nothing.ics", `/calendar/${"f".repeat(32)}.ics`, "/calendar/x"]) {
      expect((await t.app.inject({ method: "GET", url: path })).statusCode).toBe(404);
    }
  });

  it("is no admin's", async () => {
    expect((await feedOf(admin)).statusCode).toBe(403);
  });
});

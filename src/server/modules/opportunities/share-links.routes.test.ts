// Private opportunities are link-only (docs/product-rules.md §2, §7; ADR 0017): a student sees one by its
// share link or an application of their own, never by walking the ids; only admins ever receive the share
// token.

import { applications } from "@server/db/schema";
import { redactUrl } from "@server/http/log-serializers";
import { as, createTestApp, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isShareKey } from "./opportunity-visibility";

let t: TestContext;
let flow: ReturnType<typeof workflow>;
let admin: Actor;
/** Holds an application to the private opportunity, with coins paid on it. */
let applicant: Actor;
/** Has neither the link nor an application. */
let stranger: Actor;
let hidden: { id: number; shareToken: string };
let applicationId: number;

const MISSING_ID = 99_999_999;

beforeAll(async () => {
  t = await createTestApp();
  flow = workflow(t.app);
  [admin, applicant, stranger] = [
    await newActor(t.app, t.db, "admin"),
    await newActor(t.app, t.db),
    await newActor(t.app, t.db),
  ];
  hidden = await insertOpportunity(t.db, admin.id, { title: "Hidden circle", visibility: "private" });
  applicationId = await flow.accepted(admin, applicant, hidden.id, hidden.shareToken);
  expect((await flow.submit(applicant, applicationId, 3)).statusCode).toBe(200);
  expect((await flow.approve(admin, applicationId, 30)).statusCode).toBe(200);
});
afterAll(() => t?.close());

const detail = (actor: Actor, id: number, query = "") =>
  as(t.app, actor.cookie, { method: "GET", url: `/api/opportunities/${id}${query}` });
const withKey = (key: string) => `?key=${encodeURIComponent(key)}`;
const apply = (actor: Actor, payload: object) =>
  as(t.app, actor.cookie, { method: "POST", url: "/api/applications", payload });

/** The token with its last character changed: the same length, so only the comparison can refuse it. */
const wrongKey = (token: string) => `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;

describe("share tokens", () => {
  it("are 32 random hex characters, one per opportunity, compared whole", async () => {
    const other = await insertOpportunity(t.db, admin.id, { visibility: "private" });
    expect(hidden.shareToken).toMatch(/^[0-9a-f]{32}$/);
    expect(other.shareToken).not.toBe(hidden.shareToken);
    expect(isShareKey(hidden.shareToken, hidden.shareToken)).toBe(true);
    for (const key of [
      undefined,
      "",
      wrongKey(hidden.shareToken),
      hidden.shareToken.slice(1),
      other.shareToken,
    ])
      expect(isShareKey(hidden.shareToken, key)).toBe(false);
    expect(isShareKey(hidden.shareToken, `${hidden.shareToken}0`)).toBe(false);
  });

  it("never reach the request log", () => {
    expect(redactUrl(`/api/opportunities/${hidden.id}?key=${hidden.shareToken}`)).toBe(
      `/api/opportunities/${hidden.id}?key=[redacted]`,
    );
  });
});

describe("GET /api/opportunities/:id of a private opportunity", () => {
  it("answers a student without the link exactly as for an id that names nothing", async () => {
    const missing = await detail(stranger, MISSING_ID);
    expect(missing.statusCode).toBe(404);
    for (const query of ["", withKey(wrongKey(hidden.shareToken)), withKey(""), withKey("x")]) {
      const response = await detail(stranger, hidden.id, query);
      expect(response.statusCode, query).toBe(404);
      expect(response.body).toBe(missing.body);
      expect(response.json().message).toBe("Opportunity not found");
    }
    // The key of another opportunity opens nothing else, and an id that names nothing stays missing.
    const other = await insertOpportunity(t.db, admin.id, { visibility: "private" });
    expect((await detail(stranger, hidden.id, withKey(other.shareToken))).statusCode).toBe(404);
    expect((await detail(stranger, MISSING_ID, withKey(hidden.shareToken))).statusCode).toBe(404);
  });

  it("opens for a student with the link, without the token in the answer", async () => {
    const response = await detail(stranger, hidden.id, withKey(hidden.shareToken));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: hidden.id,
      visibility: "private",
      shareToken: null,
      viewerApplication: null,
    });
    expect(response.body).not.toContain(hidden.shareToken);
  });

  it("opens for a student who applied, without the link", async () => {
    const response = await detail(applicant, hidden.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      shareToken: null,
      viewerApplication: { id: applicationId, status: "hours_approved" },
    });
  });

  it("opens for an admin with its share token, whatever a student's request left in the cache", async () => {
    // A student's read first, so the admin's answer comes from the same cached copy, and the student's after.
    expect((await detail(stranger, hidden.id, withKey(hidden.shareToken))).statusCode).toBe(200);
    const byAdmin = await detail(admin, hidden.id);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().shareToken).toBe(hidden.shareToken);
    const again = await detail(stranger, hidden.id, withKey(hidden.shareToken));
    expect(again.json().shareToken).toBeNull();
    const managerList = await as(t.app, admin.cookie, {
      method: "GET",
      url: "/api/admin/opportunities?search=Hidden circle",
    });
    expect(managerList.json()).toEqual([expect.objectContaining({ shareToken: hidden.shareToken })]);
  });

  it("ignores the key on a public opportunity", async () => {
    const open = await insertOpportunity(t.db, admin.id);
    for (const query of ["", withKey("not-the-key"), withKey(hidden.shareToken)]) {
      const response = await detail(stranger, open.id, query);
      expect(response.statusCode).toBe(200);
      expect(response.json().shareToken).toBeNull();
    }
  });

  it("refuses a key that is not a short text with 400, never a 5xx", async () => {
    const tooLong = await detail(stranger, hidden.id, withKey("a".repeat(65)));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain("at most 64 characters");
    const repeated = await detail(stranger, hidden.id, `?key=${hidden.shareToken}&key=${hidden.shareToken}`);
    expect(repeated.statusCode).toBe(400);
    for (const key of ["%00", "%E0%A4%A", "%FF", "'%20or%20'1'%3D'1"]) {
      const response = await detail(stranger, hidden.id, `?key=${key}`);
      expect(response.statusCode, key).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, key).toBeLessThan(500);
    }
  });
});

describe("POST /api/applications to a private opportunity", () => {
  it("answers 404 and changes nothing without the right key, 201 with it", async () => {
    const target = await insertOpportunity(t.db, admin.id, { visibility: "private" });
    const student = await newActor(t.app, t.db);
    const rows = () => t.db.select().from(applications).where(eq(applications.opportunityId, target.id));
    for (const shareKey of [undefined, "", wrongKey(target.shareToken), hidden.shareToken]) {
      const refused = await apply(student, { opportunityId: target.id, shareKey });
      expect(refused.statusCode, String(shareKey)).toBe(404);
      expect(refused.json().message).toBe("Opportunity not found");
    }
    expect(await rows()).toHaveLength(0);
    const accepted = await apply(student, { opportunityId: target.id, shareKey: target.shareToken });
    expect(accepted.statusCode).toBe(201);
    expect(await rows()).toHaveLength(1);
    // Having applied, the student is told the truth without the key.
    const again = await apply(student, { opportunityId: target.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You have already applied to this opportunity");
  });

  it("does not say that a closed private opportunity is closed to a student without the key", async () => {
    const closed = await insertOpportunity(t.db, admin.id, { visibility: "private", status: "closed" });
    expect((await apply(stranger, { opportunityId: closed.id })).statusCode).toBe(404);
    const withTheKey = await apply(stranger, { opportunityId: closed.id, shareKey: closed.shareToken });
    expect(withTheKey.statusCode).toBe(409);
    expect(withTheKey.json().message).toBe("Applications are closed: this opportunity is closed");
  });

  it("refuses a share key that is not a short text with 400", async () => {
    for (const shareKey of ["a".repeat(65), 12, null, ["x"], { key: "x" }]) {
      const response = await apply(stranger, { opportunityId: hidden.id, shareKey });
      expect(response.statusCode, JSON.stringify(shareKey)).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toContain("shareKey");
    }
  });
});

describe("the leaderboard filtered by a private opportunity", () => {
  const board = (actor: Actor, query: string) =>
    as(t.app, actor.cookie, { method: "GET", url: `/api/leaderboard${query}` });

  it("is empty for a student who did not apply, as for an opportunity that does not exist", async () => {
    const ranking = await board(stranger, `?opportunityId=${hidden.id}`);
    expect(ranking.statusCode).toBe(200);
    expect(ranking.json()).toEqual([]);
    expect(ranking.body).toBe((await board(stranger, `?opportunityId=${MISSING_ID}`)).body);
    const own = await board(stranger, `/me?opportunityId=${hidden.id}`);
    expect(own.json()).toEqual({ rank: null, coins: 0, completedApplications: 0, rankedStudents: 0 });
    expect(own.body).toBe((await board(stranger, `/me?opportunityId=${MISSING_ID}`)).body);
  });

  it("shows the standings to a student who applied and to admins", async () => {
    for (const actor of [applicant, admin]) {
      const ranking = (await board(actor, `?opportunityId=${hidden.id}`)).json();
      expect(ranking).toEqual([expect.objectContaining({ id: applicant.id, coins: 30 })]);
    }
    const own = (await board(applicant, `/me?opportunityId=${hidden.id}`)).json();
    expect(own).toEqual({ rank: 1, coins: 30, completedApplications: 1, rankedStudents: 1 });
  });
});

describe("the share token never reaches a student", () => {
  it("appears in no answer a student gets, even one who applied and holds the link", async () => {
    const reads = (actor: Actor) => [
      "/api/auth/user",
      "/api/opportunities?limit=100",
      `/api/opportunities/${hidden.id}${withKey(hidden.shareToken)}`,
      `/api/applications/user/${actor.id}`,
      `/api/applications/${applicationId}/hours`,
      "/api/leaderboard",
      `/api/leaderboard?opportunityId=${hidden.id}`,
      `/api/leaderboard/me?opportunityId=${hidden.id}`,
      "/api/community/impact",
      "/api/opportunity-progress",
      "/api/badges",
      `/api/badges/user/${actor.id}`,
    ];
    for (const actor of [applicant, stranger]) {
      for (const url of reads(actor)) {
        const response = await as(t.app, actor.cookie, { method: "GET", url });
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.body, url).not.toContain(hidden.shareToken);
      }
    }
    // The applicant's own list does show the private opportunity: the search above looked where it could be.
    const own = await as(t.app, applicant.cookie, {
      method: "GET",
      url: `/api/applications/user/${applicant.id}`,
    });
    expect(own.json()).toEqual([
      expect.objectContaining({ opportunity: expect.objectContaining({ id: hidden.id }) }),
    ]);
    expect(own.json()[0].opportunity).not.toHaveProperty("shareToken");
    const applied = await apply(await newActor(t.app, t.db), {
      opportunityId: hidden.id,
      shareKey: hidden.shareToken,
    });
    expect(applied.statusCode).toBe(201);
    expect(applied.body).not.toContain(hidden.shareToken);
  });
});

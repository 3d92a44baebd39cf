// The leaderboard's activity picker: public opportunities of every status, private ones only for their
// applicants and for admins, searched by title (literally) and counted in X-Total-Count.

import { as, createTestApp, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let t: TestContext;
let admin: Actor;
let applicant: Actor;
let other: Actor;

beforeAll(async () => {
  t = await createTestApp();
  [admin, applicant, other] = [
    await newActor(t.app, t.db, "admin"),
    await newActor(t.app, t.db),
    await newActor(t.app, t.db),
  ];
  await insertOpportunity(t.db, admin.id, { title: "Picker open garden" });
  await insertOpportunity(t.db, admin.id, { title: "Picker closed library", status: "closed" });
  await insertOpportunity(t.db, admin.id, { title: "Picker filled kitchen", status: "filled" });
  await insertOpportunity(t.db, admin.id, { title: "Picker 100% literal_day" });
  const secret = await insertOpportunity(t.db, admin.id, {
    title: "Picker private choir",
    visibility: "private",
  });
  await workflow(t.app).apply(applicant, secret.id, secret.shareToken);
});
afterAll(() => t?.close());

async function activities(actor: Actor, query: string) {
  const response = await as(t.app, actor.cookie, {
    method: "GET",
    url: `/api/leaderboard/activities${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    titles: response.json().map((activity: { title: string }) => activity.title) as string[],
    body: response.json() as { id: number; title: string; status: string }[],
    total: Number(response.headers["x-total-count"]),
  };
}

describe("GET /api/leaderboard/activities", () => {
  it("offers every public opportunity of any status, by title, with its status only", async () => {
    const { titles, body, total } = await activities(other, "?search=Picker");
    expect(titles).toEqual([
      "Picker 100% literal_day",
      "Picker closed library",
      "Picker filled kitchen",
      "Picker open garden",
    ]);
    expect(total).toBe(4);
    expect(body.find((activity) => activity.title === "Picker closed library")?.status).toBe("closed");
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(["id", "status", "title"]);
  });

  it("offers a private opportunity to its applicant and to admins only", async () => {
    expect((await activities(applicant, "?search=choir")).titles).toEqual(["Picker private choir"]);
    expect((await activities(admin, "?search=choir")).titles).toEqual(["Picker private choir"]);
    expect(await activities(other, "?search=choir")).toMatchObject({ titles: [], total: 0 });
    expect((await activities(admin, "?search=Picker")).total).toBe(5);
    expect((await activities(applicant, "?search=Picker")).total).toBe(5);
  });

  it("narrows by search, keeps the total of every match beyond the limit, and reads wildcards literally", async () => {
    expect((await activities(other, "?search=library")).titles).toEqual(["Picker closed library"]);
    const limited = await activities(other, "?search=Picker&limit=2");
    expect(limited.titles).toHaveLength(2);
    expect(limited.total).toBe(4);
    expect((await activities(other, `?search=${encodeURIComponent("100%")}`)).titles).toEqual([
      "Picker 100% literal_day",
    ]);
    expect((await activities(other, `?search=${encodeURIComponent("%")}`)).total).toBe(1);
    expect((await activities(other, `?search=${encodeURIComponent("l_b")}`)).total).toBe(0);
  });

  it.each(["?limit=0", "?limit=51", `?search=${"x".repeat(201)}`])("answers 400 to %s", async (query) => {
    const response = await as(t.app, other.cookie, {
      method: "GET",
      url: `/api/leaderboard/activities${query}`,
    });
    expect(response.statusCode).toBe(400);
  });
});

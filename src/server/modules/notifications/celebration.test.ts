// The celebration (issue 17): what a student earned since the last one is shown once, whichever device asks.
import { createTestApp, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
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

const celebration = (actor: Actor) => flow.call(actor, "GET", "/api/notifications/celebration");
const seen = (actor: Actor) => flow.call(actor, "POST", "/api/notifications/celebration/seen");

describe("the celebration", () => {
  it("shows coins, a new level and new badges once, then only what is earned after", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, { coinsPerHour: 30, maxCoins: 500 });
    const student = await newActor(t.app, t.db);
    expect((await celebration(student)).json()).toBeNull();

    const id = await flow.accepted(admin, student, opportunity.id);
    expect((await flow.submit(student, id, 4)).statusCode).toBe(200);
    expect((await flow.approve(admin, id, 120)).statusCode).toBe(200);
    expect((await celebration(student)).json()).toEqual({
      coinsSince: 120,
      levelReached: 2,
      badges: [
        { name: "First Steps", icon: expect.any(String) },
        { name: "Helping Hand", icon: expect.any(String) },
        { name: "Change Maker", icon: expect.any(String) },
      ],
    });
    // Asked again (another tab, another device) before it was shown: the same.
    expect((await celebration(student)).json()).toMatchObject({ coinsSince: 120 });

    const marked = await seen(student);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toBeNull();
    expect((await celebration(student)).json()).toBeNull();

    expect((await flow.submit(student, id, 1)).statusCode).toBe(200);
    expect((await flow.approve(admin, id, 30)).statusCode).toBe(200);
    expect((await celebration(student)).json()).toEqual({ coinsSince: 30, levelReached: null, badges: [] });
  });

  it("is nothing for an admin", async () => {
    expect((await celebration(admin)).json()).toBeNull();
    expect((await seen(admin)).statusCode).toBe(200);
  });
});

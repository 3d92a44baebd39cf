// The account of an institutional sign-in under a race (ADR 0041): many sign-ins of one new person finishing at
// the same moment meet on the unique e-mail and the identities' key, and end with one account and one link.
import { mailOutbox, userIdentities, users } from "@server/db/schema";
import { createTestApp, createTestUser, type TestContext } from "@test/app";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountForSignIn } from "./sso-accounts";
import type { SsoPerson } from "./sso-claims";

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ISSUER = "https://login.example.test/tenant/v2.0";
let counter = 0;

function person(overrides: Partial<SsoPerson> = {}): SsoPerson {
  counter += 1;
  return {
    issuer: ISSUER,
    subject: `subject-${counter}-${Date.now()}`,
    email: `race${counter}.${Date.now()}@iimb.ac.in`,
    firstName: "Ravi",
    lastName: "Kumar",
    inAdminGroup: false,
    ...overrides,
  };
}

describe("accountForSignIn under a race", () => {
  it("makes one account and one identity for one new person signing in six times at once", async () => {
    const newcomer = person();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => accountForSignIn(t.db, newcomer, "Test Provider")),
    );
    const ids = new Set(results.map((result) => result.user.id));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => result.outcome === "created")).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.email, newcomer.email))).toHaveLength(1);
    expect(
      await t.db.select().from(userIdentities).where(eq(userIdentities.subject, newcomer.subject)),
    ).toHaveLength(1);
  });

  it("links an existing account once, and tells its owner once, when its first sign-ins race", async () => {
    const existing = await createTestUser(t.db);
    const owner = person({ email: existing.email });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => accountForSignIn(t.db, owner, "Test Provider")),
    );
    expect(new Set(results.map((result) => result.user.id))).toEqual(new Set([existing.id]));
    expect(results.filter((result) => result.outcome === "linked")).toHaveLength(1);
    expect(
      await t.db.select().from(userIdentities).where(eq(userIdentities.userId, existing.id)),
    ).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, "sso_linked"), eq(mailOutbox.userId, existing.id))),
    ).toHaveLength(1);
  });
});

// Walks the whole contract: every endpoint's access rule is enforced by the server, before anything else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allEndpoints } from "../src/shared/contract";
import type { Endpoint } from "../src/shared/contract/endpoint";
import { as, createTestApp, createTestUser, signIn, type TestContext } from "./app";

let t: TestContext;
let studentCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  studentCookie = await signIn(t.app, (await createTestUser(t.db)).email);
  adminCookie = await signIn(t.app, (await createTestUser(t.db, { role: "admin" })).email);
});
afterAll(() => t?.close());

const url = (endpoint: Endpoint) => endpoint.path.replace(/:[A-Za-z]+/g, "1");
const request = (endpoint: Endpoint) => ({
  method: endpoint.method,
  url: url(endpoint),
  ...(endpoint.body ? { payload: {} } : {}),
});
const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path} (${endpoint.access})`;

describe("access matrix", () => {
  it.each(allEndpoints.filter((e) => e.access !== "public").map((e) => [label(e), e] as const))(
    "%s answers 401 to an anonymous caller",
    async (_, endpoint) => {
      const response = await t.app.inject(request(endpoint));
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe("Unauthorized");
    },
  );

  it.each(allEndpoints.filter((e) => e.access === "admin").map((e) => [label(e), e] as const))(
    "%s answers 403 to a student",
    async (_, endpoint) => {
      expect((await as(t.app, studentCookie, request(endpoint))).statusCode).toBe(403);
    },
  );

  it.each(allEndpoints.filter((e) => e.access === "student").map((e) => [label(e), e] as const))(
    "%s answers 403 to an admin",
    async (_, endpoint) => {
      expect((await as(t.app, adminCookie, request(endpoint))).statusCode).toBe(403);
    },
  );

  it("declares an access rule for every endpoint", () => {
    for (const endpoint of allEndpoints) {
      expect(["public", "signedIn", "student", "admin"]).toContain(endpoint.access);
    }
  });
});

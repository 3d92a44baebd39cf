// Behind a reverse proxy (docs/product-rules.md §7): the address every per-address limit counts is the one
// the trusted proxies report, never one a client writes into X-Forwarded-For itself. inject() connects from
// 127.0.0.1, the trusted proxy here; a client's own forged hops come before the address the proxy appended.

import { DEFAULT_AUTH_RATE_LIMITS } from "@server/modules/auth/sign-in-limits";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, TEST_PASSWORD, type TestContext } from "./app";

let byAddress: TestContext;
let byHops: TestContext;
beforeAll(async () => {
  [byAddress, byHops] = await Promise.all([
    createTestApp({ trustProxy: ["127.0.0.1"] }),
    createTestApp({ trustProxy: 1 }),
  ]);
});
afterAll(async () => {
  await byAddress?.close();
  await byHops?.close();
});

const CLIENT = "192.0.2.77";

function login(app: FastifyInstance, email: string, password: string, forwardedFor: string) {
  return app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email, password },
    headers: { "x-forwarded-for": forwardedFor },
  });
}

describe.each([
  ["a list of proxy addresses", () => byAddress],
  ["a hop count", () => byHops],
])("trusting %s", (_name, context) => {
  it("counts a client that forges X-Forwarded-For hops at its real address", async () => {
    const { app, db } = context();
    const user = await createTestUser(db);
    const { max } = DEFAULT_AUTH_RATE_LIMITS.loginFailuresPerEmailAndIp;
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      statuses.push(
        (await login(app, user.email, "wrong-password", `198.51.100.${i}, ${CLIENT}`)).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - max);
    // The proxy reports another client: that one is a different address and signs in.
    expect((await login(app, user.email, TEST_PASSWORD, "192.0.2.78")).statusCode).toBe(200);
  });

  it("holds registrations from one machine to the limit whatever hops it forges", async () => {
    const { app } = context();
    const { max } = DEFAULT_AUTH_RATE_LIMITS.registrationsPerIp;
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const response = await app.inject({
        method: "POST",
        url: "/api/register",
        payload: {
          email: `forged${i}.${Date.now()}@iimb.ac.in`,
          firstName: "F",
          lastName: "H",
          program: "PGP",
        },
        headers: { "x-forwarded-for": `203.0.113.${i}, 198.51.100.200` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25 - max);
  });
});

it("believes no X-Forwarded-For when no proxy is trusted", async () => {
  const plain = await createTestApp();
  try {
    const user = await createTestUser(plain.db);
    const { max } = DEFAULT_AUTH_RATE_LIMITS.loginFailuresPerEmailAndIp;
    const statuses: number[] = [];
    for (let i = 0; i < max + 3; i++) {
      statuses.push((await login(plain.app, user.email, "wrong", `198.51.100.${i}`)).statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  } finally {
    await plain.close();
  }
});

import { defineEndpoint } from "@shared/contract/endpoint";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cachedRead } from "../db/cached-read";
import { type ChangeSource, ChangeTracker } from "../db/change-tracker";
import type { Database } from "../db/client";
import { ResponseCache } from "./response-cache";
import { assertContractImplemented, registerRoute } from "./route";

const ping = defineEndpoint({
  method: "GET",
  path: "/api/ping",
  access: "public",
  summary: "",
  response: z.object({}),
});
const pong = defineEndpoint({
  method: "GET",
  path: "/api/pong",
  access: "admin",
  summary: "",
  response: z.object({}),
});

describe("assertContractImplemented", () => {
  it("refuses to boot when a contract endpoint has no route", () => {
    const app = Fastify();
    registerRoute(app, {} as Database, ping, async () => ({}));
    expect(() => assertContractImplemented(app, [ping, pong])).toThrow(
      "Contract endpoints without a route: GET /api/pong",
    );
    expect(() => assertContractImplemented(app, [ping])).not.toThrow();
  });
});

describe("shared replies", () => {
  it("count the bytes of their encoded bodies against the read cache's budget", async () => {
    const source: ChangeSource = {
      async listen(_onChange, onLive) {
        onLive(true);
        return { sync: async () => undefined, stop: async () => onLive(false) };
      },
    };
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate("cache", new ResponseCache(await ChangeTracker.start(source)));
    const list = defineEndpoint({
      method: "GET",
      path: "/api/list",
      access: "public",
      summary: "",
      response: z.object({ names: z.array(z.string()) }),
    });
    // Random names, so gzip cannot shrink them to nothing: the JSON and its gzip copy are both held.
    const names = Array.from({ length: 2000 }, () => Math.random().toString(36).slice(2));
    const everyName = cachedRead({ topics: () => ["users"], load: async () => names });
    registerRoute(app, {} as Database, list, async ({ shared }) =>
      shared("all", everyName.topics(), async () => ({ body: { names } })),
    );
    const response = await app.inject({ method: "GET", url: "/api/list" });
    expect(response.statusCode).toBe(200);
    expect(app.cache.size).toBe(1);
    expect(app.cache.weight).toBeGreaterThan(response.body.length * 1.2);
    await app.close();
  });
});

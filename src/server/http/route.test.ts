import { defineEndpoint } from "@shared/contract/endpoint";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "../db/client";
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

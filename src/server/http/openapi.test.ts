// The published API document: valid OpenAPI 3.1, exactly the contract's endpoints with their access rules and
// schemas, nothing else, public, and sent with the API's security headers.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { compileErrors, validate } from "@readme/openapi-parser";
import { allEndpoints } from "@shared/contract";
import type { Endpoint } from "@shared/contract/endpoint";
import { as, createTestApp, createTestUser, signIn, type TestContext } from "@test/app";
import { tempFolders } from "@test/temp-folders";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { API_REFERENCE_PATH, OPENAPI_PATH } from "./openapi";

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  "x-access": string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
}
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
};

/** Fastify's `/api/opportunities/:id` as OpenAPI writes it: `/api/opportunities/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

const clientFolder = tempFolders("seva-client-");
let t: TestContext;
let response: LightMyRequestResponse;
let document: OpenApiDocument;
let operations: Map<string, Operation>;

beforeAll(async () => {
  // With a client, as the real app runs: its pages and files are routes too, and must stay out of the document.
  const clientDir = clientFolder();
  writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Seva</title>");
  t = await createTestApp({ clientDir });
  response = await t.app.inject({ method: "GET", url: OPENAPI_PATH });
  document = response.json();
  operations = new Map(
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => [key(method, path), operation] as const),
    ),
  );
});
afterAll(() => t?.close());

const operationOf = (endpoint: Endpoint): Operation => {
  const operation = operations.get(key(endpoint.method, openApiPath(endpoint.path)));
  if (!operation) throw new Error(`${endpoint.method} ${endpoint.path} is not in the document`);
  return operation;
};

describe(`GET ${OPENAPI_PATH}`, () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(document.openapi).toMatch(/^3\.1\./);
    // A copy: the validator dereferences the document in place.
    const result = await validate(JSON.parse(response.body));
    expect(result.valid ? [] : compileErrors(result)).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it("lists exactly the contract's endpoints, each once", () => {
    const documented = [...operations.keys()].sort();
    const contract = allEndpoints.map((e) => key(e.method, openApiPath(e.path))).sort();
    expect(documented).toEqual(contract);
    expect(documented).not.toContain(key("GET", OPENAPI_PATH));
    expect(documented).not.toContain(key("GET", API_REFERENCE_PATH));
  });

  it("gives each operation its access rule, and the session cookie to every one that is not public", () => {
    const scheme = document.components.securitySchemes.session;
    expect(scheme).toEqual({ type: "apiKey", in: "cookie", name: "seva.sid" });
    for (const endpoint of allEndpoints) {
      const operation = operationOf(endpoint);
      expect(operation["x-access"], endpoint.path).toBe(endpoint.access);
      expect(operation.description).toContain(`Access: ${endpoint.access}.`);
      if (endpoint.access === "public") {
        expect(operation.security, endpoint.path).toBeUndefined();
        expect(operation.responses["401"]).toBeUndefined();
      } else {
        expect(operation.security, endpoint.path).toEqual([{ session: [] }]);
        expect(operation.responses["401"]).toBeDefined();
      }
      const roleBound = endpoint.access === "student" || endpoint.access === "admin";
      expect(operation.responses["403"] !== undefined, endpoint.path).toBe(roleBound);
    }
  });

  it("gives each operation its summary, parameters, body and success response from the contract", () => {
    const operationIds = new Set<string>();
    for (const endpoint of allEndpoints) {
      const operation = operationOf(endpoint);
      operationIds.add(operation.operationId);
      expect(operation.summary).toBe(endpoint.summary);
      const parameters = operation.parameters ?? [];
      const pathNames = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
      expect(parameters.filter((p) => p.in === "path").map((p) => p.name)).toEqual(pathNames);
      expect(parameters.filter((p) => p.in === "path").every((p) => p.required)).toBe(true);
      const queryNames = endpoint.query ? Object.keys((endpoint.query as z.ZodObject).shape) : [];
      expect(parameters.filter((p) => p.in === "query").map((p) => p.name)).toEqual(queryNames);
      expect(operation.requestBody !== undefined, endpoint.path).toBe(endpoint.body !== undefined);
      if (operation.requestBody) expect(operation.requestBody.content["application/json"]).toBeDefined();
      const success = operation.responses[String(endpoint.successStatus ?? 200)];
      expect(success?.content?.["application/json"]?.schema, endpoint.path).toBeTypeOf("object");
      expect(operation.responses["304"] !== undefined).toBe(endpoint.browserCache === "revalidate");
      expect(operation.responses.default?.content?.["application/json"]).toBeDefined();
    }
    expect(operationIds.size).toBe(allEndpoints.length);
  });

  it("describes what the server sends: a response schema lists only the fields that leave the server", () => {
    const health = operationOf(allEndpoints.find((e) => e.path === "/api/health") as Endpoint);
    expect(health.responses["200"]?.content?.["application/json"]?.schema).toMatchObject({
      type: "object",
      properties: { status: { enum: ["ok", "degraded"] }, changeNotices: { enum: ["live", "lost", "off"] } },
      additionalProperties: false,
    });
  });

  it("is public: a signed-in caller gets the same document, and a bad cookie changes nothing", async () => {
    const user = await createTestUser(t.db);
    const cookie = await signIn(t.app, user.email);
    const signedIn = await as(t.app, cookie, { method: "GET", url: OPENAPI_PATH });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(response.body);
    const forged = await as(t.app, "seva.sid=forged", { method: "GET", url: OPENAPI_PATH });
    expect(forged.body).toBe(response.body);
  });

  it("carries the API's fixed security headers, and may be kept by a browser that revalidates it", async () => {
    expect(response.headers).toMatchObject({
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "cross-origin-resource-policy": "same-origin",
      "x-frame-options": "DENY",
      "cache-control": "private, no-cache",
    });
    const etag = response.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({
      method: "GET",
      url: OPENAPI_PATH,
      headers: { "if-none-match": String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const gzipped = await t.app.inject({
      method: "GET",
      url: OPENAPI_PATH,
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
  });
});

describe(`GET ${API_REFERENCE_PATH}`, () => {
  it("is a page, without a script, showing every operation with its access rule", async () => {
    const page = await t.app.inject({ method: "GET", url: API_REFERENCE_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["cache-control"]).toBe("no-cache");
    // The app's page policy (helmet), unchanged.
    const policy = String(page.headers["content-security-policy"]);
    expect(policy).toContain("script-src 'self'");
    expect(policy.match(/script-src[^;]*/)?.[0]).toBe("script-src 'self'");
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain(`href="${OPENAPI_PATH}"`);
    for (const endpoint of allEndpoints) {
      const { operationId } = operationOf(endpoint);
      const start = page.body.indexOf(`<h3 id="${operationId}">`);
      expect(start, operationId).toBeGreaterThan(0);
      const section = page.body.slice(start, page.body.indexOf("</section>", start));
      expect(section).toContain(`${endpoint.method}</span> <code>${openApiPath(endpoint.path)}</code></h3>`);
      expect(section).toContain(`Access: <strong>${endpoint.access}</strong>`);
    }
  });

  it("needs no session", async () => {
    const page = await as(t.app, "seva.sid=forged", { method: "GET", url: API_REFERENCE_PATH });
    expect(page.statusCode).toBe(200);
  });
});

// The API describes itself: an OpenAPI 3.1 document generated from the contract's zod schemas (ADR 0019), served
// at OPENAPI_PATH for the school's developers. @fastify/swagger collects the routes as Fastify registers them and
// fastify-type-provider-zod turns their schemas into JSON Schema 2020-12, so the document shows what the server
// validates and sends. Only contract endpoints appear: every other route (the client's pages and files, this
// document, the reference page) is hidden, and each operation carries the access rule its guard applies.
import swagger from "@fastify/swagger";
import { contract } from "@shared/contract";
import { ErrorBodySchema } from "@shared/contract/common";
import type { Access, Endpoint } from "@shared/contract/endpoint";
import type { FastifyInstance, FastifySchema } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import packageJson from "../../../package.json" with { type: "json" };
import { SESSION_COOKIE } from "../sessions/session-cookie";
import { type ReferenceDocument, renderApiReference } from "./api-reference";
import { API_SECURITY_HEADERS } from "./route";
import { type EncodedBody, encodeBody, sendEncoded } from "./shared-reply";

export const OPENAPI_PATH = "/api/openapi.json";
/** The reference page rendered from the same document (api-reference.ts). */
export const API_REFERENCE_PATH = "/api/docs";

/** The security scheme of every operation that is not public: the session cookie set by `POST /api/login`. */
const SESSION_SCHEME = "session";

/** A 304 has no body. */
const NOT_MODIFIED = z.undefined().describe("Not modified: the ETag sent in If-None-Match is still current");

/** What each access rule means to a caller, as the guard in route.ts applies it. */
const ACCESS_DESCRIPTIONS: Record<Access, string> = {
  public: "Access: public. No session needed.",
  signedIn: "Access: signedIn. Any signed-in user; 401 without a session.",
  student: "Access: student. A signed-in student; 401 without a session, 403 for an administrator.",
  admin: "Access: admin. A signed-in administrator; 401 without a session, 403 for a student.",
};

const ROLE_REFUSALS = {
  student: "Signed in, but not as a student",
  admin: "Signed in, but not as an administrator",
} as const;

interface Documented {
  endpoint: Endpoint;
  /** The contract's domain, e.g. `opportunities`: the operation's tag. */
  domain: string;
  /** The endpoint's name in its domain, e.g. `list`: with the domain, the operationId. */
  name: string;
}

/** Every contract endpoint by "METHOD path", the key Fastify keeps unique among its routes. */
function contractEndpoints(): Map<string, Documented> {
  const byRoute = new Map<string, Documented>();
  for (const [domain, endpoints] of Object.entries(contract)) {
    for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
      byRoute.set(`${endpoint.method} ${endpoint.path}`, { endpoint, domain, name });
    }
  }
  return byRoute;
}

const DESCRIPTION = [
  "The HTTP API of Seva, generated from the contract in `src/shared/contract/` that the server enforces.",
  "",
  "- **Access.** Each operation's `x-access` is `public`, `signedIn`, `student` or `admin`. Every operation",
  `  that is not public needs the \`${SESSION_COOKIE}\` session cookie that \`POST /api/login\` sets (HttpOnly,`,
  "  SameSite=Lax, signed by the server): without one it answers 401, and with the wrong role 403.",
  "- **Cross-site requests.** A request that changes something (POST, PUT, PATCH, DELETE) whose `Origin` or",
  "  `Sec-Fetch-Site` names another site is refused with 403. Programs that send neither header are not affected.",
  "- **Bodies** are JSON (`Content-Type: application/json`), at most 64 KB.",
  "- **Errors** answer `{ message, code, fieldErrors? }`; a refused input is 400 with `fieldErrors` per field.",
  "  Too many sign-in, registration or password-change attempts are 429, and while the database does not",
  "  answer every call is 503; both say when to come back in `Retry-After`.",
].join("\n");

/**
 * Registers @fastify/swagger, which must come before the routes so that it sees each one as Fastify registers
 * it, and the two routes that publish its document: the JSON and the reference page.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  const documented = contractEndpoints();
  const toJsonSchema = createJsonSchemaTransform({});
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.1",
      info: { title: "Seva API", version: packageJson.version, description: DESCRIPTION },
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
        },
      },
      tags: Object.keys(contract).map((name) => ({ name })),
    },
    transform: (document) => {
      const { route, url } = document;
      const method = Array.isArray(route.method) ? undefined : route.method;
      const found = method === undefined ? undefined : documented.get(`${method} ${url}`);
      if (!found || !document.schema) return { schema: { hide: true }, url };
      return toJsonSchema({ ...document, schema: operationSchema(found, document.schema) });
    },
    transformObject: createJsonSchemaTransformObject({}),
  });

  // Neither route is a contract endpoint, so the transform above leaves both out of the document. Both are public,
  // like the API descriptions of most public services: they describe the endpoints and hold no data, and each
  // endpoint applies its own access rule whoever has read them. Each is built once per process: the routes
  // cannot change once the app is ready.
  let encoded: EncodedBody | undefined;
  app.get(OPENAPI_PATH, {
    helmet: false,
    onRequest: async (_request, reply) => {
      reply.headers(API_SECURITY_HEADERS);
    },
    // Answered like a read that holds nothing personal: kept by the browser and revalidated with its ETag.
    handler: async (request, reply) => {
      encoded ??= encodeBody(JSON.stringify(app.swagger()));
      return sendEncoded(request, reply, 200, encoded, true);
    },
  });

  let page: string | undefined;
  // A page, so it gets the page headers (helmet, with the app's Content-Security-Policy) as the client's do.
  app.get(API_REFERENCE_PATH, async (_request, reply) => {
    page ??= renderApiReference(app.swagger() as unknown as ReferenceDocument, OPENAPI_PATH);
    return reply.header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(page);
  });
}

/**
 * What @fastify/swagger documents for one contract endpoint: the schemas its route validates and encodes with
 * (registerRoute), and from the contract the access rule its guard applies, its name and its summary.
 */
function operationSchema({ endpoint, domain, name }: Documented, route: FastifySchema) {
  const successStatus = endpoint.successStatus ?? 200;
  const success = (route.response as Record<number, unknown> | undefined)?.[successStatus];
  const errorResponse = (description: string) => ({
    description,
    content: { "application/json": { schema: ErrorBodySchema } },
  });
  const revalidated = endpoint.browserCache === "revalidate";
  return {
    operationId: `${domain}.${name}`,
    tags: [domain],
    summary: endpoint.summary,
    description: [
      ACCESS_DESCRIPTIONS[endpoint.access],
      revalidated
        ? "Holds nothing personal: answered with an ETag, and 304 to an `If-None-Match` that still matches."
        : "Stored by no browser or proxy (`Cache-Control: no-store`).",
    ].join(" "),
    "x-access": endpoint.access,
    ...(endpoint.access === "public" ? {} : { security: [{ [SESSION_SCHEME]: [] }] }),
    ...(route.params ? { params: route.params } : {}),
    ...(route.querystring ? { querystring: route.querystring } : {}),
    ...(route.body ? { body: route.body } : {}),
    response: {
      [successStatus]: {
        description: successStatus === 201 ? "Created" : "Success",
        content: { "application/json": { schema: success } },
      },
      ...(revalidated ? { 304: NOT_MODIFIED } : {}),
      ...(endpoint.access === "public" ? {} : { 401: errorResponse("No live session") }),
      ...(endpoint.access === "student" || endpoint.access === "admin"
        ? { 403: errorResponse(ROLE_REFUSALS[endpoint.access]) }
        : {}),
      default: errorResponse("Any other refusal or failure"),
    },
  };
}

// Installs a contract endpoint as a Fastify route with its access guard and schemas. Routes can only be
// registered through here, and `assertContractImplemented` refuses to boot a server missing any endpoint.

import type { Access, Endpoint } from "@shared/contract/endpoint";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { ReadTopics } from "../db/cached-read";
import type { Database } from "../db/client";
import { forbidden, ROLE_MESSAGES, unauthorized } from "../errors";
import { assertMatchesContract, DatabaseJson } from "../lib/database-json";
import { loadSession } from "../sessions/session-cookie";
import type { SessionUser } from "../sessions/session-store";
import type { ResponseCache } from "./response-cache";
import { type EncodedBody, encodeBody, SharedReply, sendEncoded, weighEncoded } from "./shared-reply";

type Input<S> = S extends z.ZodType ? z.output<S> : undefined;
/** A public endpoint never looks at the session, so it answers even while the database does not. */
type UserFor<A extends Access> = A extends "public" ? null : SessionUser;

export interface HandlerContext<E extends Endpoint> {
  params: Input<E["params"]>;
  query: Input<E["query"]>;
  body: Input<E["body"]>;
  /** The signed-in user; present unless the endpoint is public, where it is always null. */
  user: UserFor<E["access"]>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Declared reads (`<domain>.reads.ts`), kept until a topic they were read from changes. */
  cache: Pick<ResponseCache, "read" | "readKept">;
  /**
   * The response every caller with this key shares until one of the topics changes (a declared read's:
   * `read.topics(args)`, see db/cached-read.ts): encoded and gzipped once, answered 304 to a caller that sends
   * its ETag. The key must name everything the body depends on.
   */
  shared(key: string, topics: ReadTopics, produce: () => Promise<Shareable<E>>): Promise<SharedReply>;
}

export interface Shareable<E extends Endpoint> {
  /** The value, or its JSON as the database built it (database-json.ts). */
  body: z.input<E["response"]> | DatabaseJson;
  headers?: Record<string, string>;
}

/** A handler answers the success body, or a SharedReply from `shared`. */
export type Handler<E extends Endpoint> = (
  context: HandlerContext<E>,
) => Promise<z.input<E["response"]> | SharedReply>;

/**
 * The security headers of every API answer, fixed once. A JSON answer needs no page policy: nothing may load
 * from it and no page may frame it. (Helmet's page headers, computed per request, stay on pages and assets.)
 */
export const API_SECURITY_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
  "x-frame-options": "DENY",
  // Personal data is never stored by a browser or a proxy; a read that holds none says so (sendEncoded).
  "cache-control": "no-store",
} as const;

/**
 * The guard of one access rule: 401 without a session, 403 for the wrong role. Public endpoints (health, sign-in,
 * registration, sign-out) do not load the session: they need no user, and a health check with a cookie must not
 * wait on a database that does not answer.
 */
export async function authorize(
  db: Database,
  request: FastifyRequest,
  access: Access,
): Promise<SessionUser | null> {
  if (access === "public") return null;
  const user = (await loadSession(db, request))?.user ?? null;
  if (!user) throw unauthorized();
  if (access !== "signedIn" && user.role !== access) throw forbidden(ROLE_MESSAGES[access]);
  return user;
}

/** Outside production, every body the database built is checked against its contract (database-json.ts). */
const CHECK_DATABASE_JSON = process.env.NODE_ENV !== "production";

/** Endpoints registered per app. Modules register on the root instance (no encapsulated plugins). */
const implemented = new WeakMap<FastifyInstance, Set<Endpoint>>();

export function registerRoute<E extends Endpoint>(
  app: FastifyInstance,
  db: Database,
  endpoint: E,
  handler: Handler<E>,
): void {
  const seen = implemented.get(app) ?? new Set<Endpoint>();
  implemented.set(app, seen);
  seen.add(endpoint);
  const successStatus = endpoint.successStatus ?? 200;
  const encode = async ({ body, headers }: Shareable<E>): Promise<EncodedBody> => {
    if (!(body instanceof DatabaseJson))
      return encodeBody(JSON.stringify(endpoint.response.encode(body)), headers);
    if (CHECK_DATABASE_JSON) assertMatchesContract(endpoint.response, body.text);
    return encodeBody(body.text, headers);
  };
  const shared = async (key: string, topics: ReadTopics, produce: () => Promise<Shareable<E>>) =>
    new SharedReply(
      await app.cache.get(
        `${endpoint.method} ${endpoint.path} ${key}`,
        topics,
        async () => encode(await produce()),
        { weigh: weighEncoded },
      ),
    );
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [successStatus]: endpoint.response },
    },
    helmet: false,
    // The guard runs before the body is parsed or validated: an anonymous caller learns nothing but 401.
    onRequest: async (request, reply) => {
      reply.headers(API_SECURITY_HEADERS);
      request.user = await authorize(db, request, endpoint.access);
    },
    handler: async (request, reply) => {
      const user = request.user;
      const result = await handler({
        params: request.params as Input<E["params"]>,
        query: request.query as Input<E["query"]>,
        body: request.body as Input<E["body"]>,
        user: user as UserFor<E["access"]>,
        request,
        reply,
        cache: app.cache,
        shared,
      });
      if (result instanceof SharedReply) {
        return sendEncoded(
          request,
          reply,
          successStatus,
          result.body,
          endpoint.browserCache === "revalidate",
        );
      }
      return reply.code(successStatus).send(result);
    },
  });
}

export function assertContractImplemented(app: FastifyInstance, endpoints: readonly Endpoint[]): void {
  const seen = implemented.get(app) ?? new Set();
  const missing = endpoints.filter((endpoint) => !seen.has(endpoint));
  if (missing.length > 0) {
    throw new Error(
      `Contract endpoints without a route: ${missing.map((e) => `${e.method} ${e.path}`).join(", ")}`,
    );
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's cache of reads (see response-cache.ts); caches nothing without a live change feed. */
    cache: ResponseCache;
  }
  interface FastifyRequest {
    /** Set by the route guard: the signed-in user, or null on a public endpoint. */
    user: SessionUser | null;
  }
}

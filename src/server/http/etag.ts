// Conditional GET for polled lists: a weak ETag over the response body, and 304 when the client already has it.
// It saves the transfer and the client's work; see docs/performance.md for what it does not save yet.
import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

export const NOT_MODIFIED = Symbol("not modified");

/** Sets ETag and Cache-Control; returns NOT_MODIFIED (after answering 304) when If-None-Match matches. */
export function conditionalResponse<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  body: T,
): T | typeof NOT_MODIFIED {
  const etag = `W/"${createHash("sha1").update(JSON.stringify(body)).digest("base64url")}"`;
  reply.header("ETag", etag).header("Cache-Control", "private, no-cache");
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch?.split(",").some((tag) => tag.trim() === etag)) {
    reply.code(304).send();
    return NOT_MODIFIED;
  }
  return body;
}

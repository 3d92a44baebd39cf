// A response body computed once and sent to every caller with the same key until one of the tables it was read
// from changes: JSON encoded once, gzipped once, with a weak ETag so pollers of a read that holds nothing
// personal get 304 without a body. This is
// what makes the polled reads cost little more than the session lookup (see docs/performance.md).
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const gzipAsync = promisify(gzip);
/** Below this, gzip saves less than its headers and the client's work cost. */
const GZIP_MIN_BYTES = 1024;

export interface EncodedBody {
  json: Buffer;
  gzip: Buffer | undefined;
  etag: string;
  headers: Record<string, string>;
}

/** What a handler returns to answer with an encoded shared body (see route.ts). */
export class SharedReply {
  constructor(readonly body: EncodedBody) {}
}

export async function encodeBody(json: string, headers: Record<string, string> = {}): Promise<EncodedBody> {
  const buffer = Buffer.from(json);
  return {
    json: buffer,
    gzip: buffer.length >= GZIP_MIN_BYTES ? await gzipAsync(buffer, { level: 6 }) : undefined,
    etag: `W/"${createHash("sha1").update(buffer).digest("base64url")}"`,
    headers,
  };
}

/**
 * The bytes an encoded body holds, for the read cache's budget: its JSON and gzip copies (outside V8's heap, but
 * resident all the same) and a little for the rest.
 */
export function weighEncoded(body: EncodedBody): number {
  return body.json.length + (body.gzip?.length ?? 0) + 256;
}

function acceptsGzip(request: FastifyRequest): boolean {
  const accepted = request.headers["accept-encoding"];
  return (
    typeof accepted === "string" && /\bgzip\b/.test(accepted) && !/\bgzip;\s*q=0(\.0+)?\b/.test(accepted)
  );
}

/**
 * Answers the body (gzipped when the caller accepts it). A revalidated read carries its ETag and answers 304 to
 * a caller that already holds it; any other answer is stored nowhere, so it has no ETag to revalidate with.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: EncodedBody,
  revalidate: boolean,
) {
  reply.headers(body.headers).header("Vary", "Accept-Encoding");
  if (revalidate) {
    reply.header("ETag", body.etag).header("Cache-Control", "private, no-cache");
    const ifNoneMatch = request.headers["if-none-match"];
    if (ifNoneMatch?.split(",").some((tag) => tag.trim() === body.etag)) return reply.code(304).send();
  }
  reply.code(status).type("application/json; charset=utf-8");
  if (body.gzip && acceptsGzip(request)) return reply.header("Content-Encoding", "gzip").send(body.gzip);
  return reply.send(body.json);
}

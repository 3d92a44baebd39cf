// A response body computed once and sent to every caller with the same key until one of the tables it was read
// from changes: JSON encoded once, gzipped once, with a weak ETag so pollers of a read that holds nothing
// personal get 304 without a body. This is
// what makes the polled reads cost little more than the session lookup (see docs/performance.md).
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/** Below this, gzip saves less than its headers and the client's work cost. */
const GZIP_MIN_BYTES = 1024;
/**
 * zlib's fastest level. A body is compressed on every cache miss (every request with READ_CACHE=false), and at
 * level 6 that was the largest cost of a big answer: 2.1 ms against 0.8 ms for the admin's list of 100 (125 KB),
 * 7.7 ms against 1.7 ms for the progress list (164 KB), for 10.6 against 13.2 KB and 22.2 against 24.6 KB on
 * the wire (docs/decisions/0049).
 */
const GZIP_LEVEL = 1;
/**
 * Compressed on the event loop, not in libuv's thread pool: an answer of these sizes (1–160 KB) takes 0.05–0.15
 * ms to gzip at level 1, while the pool's hand-off cost 0.6–0.9 ms of CPU a body when ten were compressed at once
 * (each call allocates zlib's 256 KB of state afresh, and concurrent calls fault in new pages for it): measured by
 * bench/gzip-cost.ts, ADR 0055.
 */
const gzipOnEventLoop = (json: Buffer) => gzipSync(json, { level: GZIP_LEVEL });

/**
 * The JSON, with its gzip and its ETag each made only when asked for: a caller without gzip (a script, a bench)
 * costs no compression, a read that is never revalidated (the admin's lists, analytics) no hash, and a shared body
 * is compressed and hashed at most once. Hashing a list of 100 (about 100 KB) took 5 % of the server's CPU for it.
 * A class, so every body shares one shape: an object literal with a getter of its own closure got a hidden class
 * of its own, and the garbage collector's threads then worked twice as hard (docs/performance.md).
 */
export class EncodedBody {
  #compressed: { gzip: Buffer | undefined } | undefined;
  #etag: string | undefined;

  constructor(
    readonly json: Buffer,
    readonly headers: Record<string, string>,
  ) {}

  /** The body gzipped, compressed once on the first call (none when it is too small to be worth it). */
  gzipped(): Buffer | undefined {
    this.#compressed ??= {
      gzip: this.json.length >= GZIP_MIN_BYTES ? gzipOnEventLoop(this.json) : undefined,
    };
    return this.#compressed.gzip;
  }

  /** A weak ETag of the JSON. */
  get etag(): string {
    this.#etag ??= `W/"${createHash("sha1").update(this.json).digest("base64url")}"`;
    return this.#etag;
  }
}

/** What a handler returns to answer with an encoded shared body (see route.ts). */
export class SharedReply {
  constructor(readonly body: EncodedBody) {}
}

export function encodeBody(json: string, headers: Record<string, string> = {}): EncodedBody {
  return new EncodedBody(Buffer.from(json), headers);
}

/**
 * The bytes an encoded body holds, for the read cache's budget: its JSON, its gzip copy (outside V8's heap, but
 * resident all the same) and a little for the rest. The copy is made on demand after the body is weighed, so a
 * quarter of the JSON is reserved for it: JSON answers gzip to between a tenth and a fifth at level 1.
 */
export function weighEncoded(body: EncodedBody): number {
  return body.json.length + Math.ceil(body.json.length / 4) + 256;
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
export async function sendEncoded(
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
  const gzipped = acceptsGzip(request) ? body.gzipped() : undefined;
  if (gzipped) return reply.header("Content-Encoding", "gzip").send(gzipped);
  return reply.send(body.json);
}

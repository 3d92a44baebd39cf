// A shared body: JSON and ETag at once, gzip only for a caller that accepts it, made once and shared by every
// such caller; a caller holding the ETag of a revalidated read gets 304.

import { gunzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeBody, sendEncoded } from "./shared-reply";

const big = JSON.stringify({
  rows: Array.from({ length: 200 }, (_, id) => ({ id, title: `Opportunity ${id}` })),
});

describe("encodeBody", () => {
  it("compresses a big body once, on the first call, and leaves a small one as it is", () => {
    const body = encodeBody(big);
    const first = body.gzipped();
    expect(first).toBeDefined();
    expect(gunzipSync(first as Buffer).toString()).toBe(big);
    expect(body.gzipped()).toBe(first);
    expect(encodeBody('{"ok":true}').gzipped()).toBeUndefined();
  });

  it("gives the same ETag to the same JSON and another to other JSON", () => {
    expect(encodeBody(big).etag).toBe(encodeBody(big).etag);
    expect(encodeBody(big).etag).not.toBe(encodeBody(`${big} `).etag);
  });
});

describe("sendEncoded", () => {
  let app: FastifyInstance;
  const shared = encodeBody(big);

  beforeAll(async () => {
    app = Fastify();
    app.get("/shared", (request, reply) => sendEncoded(request, reply, 200, shared, true));
    await app.ready();
  });
  afterAll(() => app.close());

  it("answers gzip to a caller that accepts it and plain JSON to one that does not", async () => {
    const plain = await app.inject({ url: "/shared" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(big);
    const zipped = await app.inject({ url: "/shared", headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(big);
    const refused = await app.inject({ url: "/shared", headers: { "accept-encoding": "gzip;q=0" } });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("answers 304 without a body to a caller holding the ETag", async () => {
    const answer = await app.inject({ url: "/shared", headers: { "if-none-match": shared.etag } });
    expect(answer.statusCode).toBe(304);
    expect(answer.body).toBe("");
  });
});

// The built client is sent compressed: the build writes .br and .gz copies beside each file (vite.config.ts)
// and the server picks the one the browser accepts, keeping the caching rules of the uncompressed file.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { createTestApp, type TestContext } from "@test/app";
import { tempFolders } from "@test/temp-folders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const script = `export const greeting = "${"namaste ".repeat(200)}";\n`;
const shell = `<!doctype html><title>Seva</title><script type="module" src="/assets/app-abc123.js"></script>`;

const clientFolder = tempFolders("seva-client-");
let t: TestContext;
beforeAll(async () => {
  const clientDir = clientFolder();
  mkdirSync(path.join(clientDir, "assets"));
  const files = { "index.html": shell, "assets/app-abc123.js": script };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(clientDir, name), text);
    writeFileSync(path.join(clientDir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(clientDir, `${name}.gz`), gzipSync(text));
  }
  // Built before precompression existed, or too small to be worth it: only the plain file.
  writeFileSync(path.join(clientDir, "assets", "plain-def456.js"), "console.log(1)");
  t = await createTestApp({ clientDir });
});
afterAll(() => t?.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("compressed client files", () => {
  it("sends Brotli to a browser that accepts it, with the asset's type and year-long caching", async () => {
    const response = await get("/assets/app-abc123.js", "gzip, deflate, br, zstd");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 5);
  });

  it("sends gzip when that is all the browser accepts", async () => {
    const response = await get("/assets/app-abc123.js", "gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it("sends the file as it is without Accept-Encoding, or when no compressed copy exists", async () => {
    const identity = await get("/assets/app-abc123.js");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body).toBe(script);

    const plain = await get("/assets/plain-def456.js", "br, gzip");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log(1)");
  });

  it("compresses the app shell on every client route and keeps it uncached", async () => {
    for (const url of ["/", "/leaderboard", "/admin/opportunities/3/edit"]) {
      const response = await get(url, "br");
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-encoding"], url).toBe("br");
      expect(response.headers["content-type"], url).toMatch(/text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(shell);
    }
  });

  it("still answers 404 for a missing asset and JSON 404 for an unknown API path", async () => {
    expect((await get("/assets/missing-000000.js", "br, gzip")).statusCode).toBe(404);
    const api = await get("/api/missing", "br");
    expect(api.statusCode).toBe(404);
    expect(api.headers["content-type"]).toMatch(/json/);
  });
});

// npx tsx bench/gzip-cost.ts: CPU milliseconds per body to gzip answers of the sizes Seva sends (an analytics
// year, a page of 100 admin applications, a big list), at zlib level 1 (http/shared-reply.ts), three ways: on the
// event loop (gzipSync), in libuv's thread pool one at a time, and in the pool ten at a time as ten concurrent
// requests do. CPU is the process's (main thread and pool); ADR 0055 chose from these figures.
import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";

const gzipAsync = promisify(gzip);
const LEVEL = { level: 1 };
const ROUNDS = 1000;

/** A JSON list of `count` rows shaped like an admin's application. */
function listOf(count: number): Buffer {
  return Buffer.from(
    JSON.stringify(
      Array.from({ length: count }, (_, id) => ({
        id,
        userId: id * 7,
        status: "pending",
        appliedAt: new Date(1.7e12 + id * 1e7).toISOString(),
        notes: `I would love to help with this, reason ${id}`,
        user: { firstName: `Aarav${id % 50}`, lastName: "Sharma", email: `student${id}@school.edu` },
        opportunity: { id: id % 500, title: `Teach coding to children ${id % 500}`, type: "education" },
      })),
    ),
  );
}

/** An analytics year: 365 days of counts. */
function analyticsYear(): Buffer {
  const day = (index: number) => new Date(Date.UTC(2025, 10, 28 + index)).toISOString().slice(0, 10);
  const series = Array.from({ length: 365 }, (_, index) => ({ date: day(index), count: (index * 37) % 300 }));
  return Buffer.from(JSON.stringify({ totalOpportunities: 5000, applicationsOverTime: series }));
}

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

async function perBody(run: () => Promise<unknown> | unknown, bodies: number): Promise<number> {
  const start = cpuMs();
  await run();
  return (cpuMs() - start) / bodies;
}

async function main() {
  const rows = [];
  for (const [name, body] of [
    ["analytics year", analyticsYear()],
    ["admin list of 100", listOf(100)],
    ["list of 400", listOf(400)],
  ] as const) {
    // Warm up each path before measuring it.
    for (let i = 0; i < 100; i++) gzipSync(body, LEVEL);
    await Promise.all(Array.from({ length: 100 }, () => gzipAsync(body, LEVEL)));
    const eventLoop = await perBody(() => {
      for (let i = 0; i < ROUNDS; i++) gzipSync(body, LEVEL);
    }, ROUNDS);
    const poolOneAtATime = await perBody(async () => {
      for (let i = 0; i < ROUNDS; i++) await gzipAsync(body, LEVEL);
    }, ROUNDS);
    const poolTenAtATime = await perBody(async () => {
      for (let i = 0; i < ROUNDS / 10; i++) {
        await Promise.all(Array.from({ length: 10 }, () => gzipAsync(body, LEVEL)));
      }
    }, ROUNDS);
    rows.push({
      body: name,
      KB: Math.round(body.length / 1024),
      "gzip KB": Math.round(gzipSync(body, LEVEL).length / 1024),
      "event loop ms": eventLoop.toFixed(3),
      "pool, 1 at a time ms": poolOneAtATime.toFixed(3),
      "pool, 10 at a time ms": poolTenAtATime.toFixed(3),
    });
  }
  console.table(rows);
}

await main();

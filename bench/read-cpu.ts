// npx tsx bench/read-cpu.ts [--requests 2000] [--label name] <url>...: CPU milliseconds per request of the server
// (and of its main thread) and of its database backends, and the page faults of both, for reads asked uncached
// (READ_CACHE=false) by the bench admin, 10 connections at a time; prints a line per read and writes them as JSON
// under bench/results/.
// Unlike req/s and latency, CPU per request compares two builds fairly on a machine that is busy with other
// work. Needs the generated data (npm run bench:generate) in DATABASE_URL and a build (npm run build).
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { BENCH_ADMIN_PASSWORD, benchAdminEmail } from "./credentials";
import {
  cpuMsOf,
  databaseBackendPids,
  domain,
  mainThreadCpuMsOf,
  measure,
  minorFaultsOf,
  signIn,
  startServer,
  writeResult,
} from "./support";

const { values, positionals } = parseArgs({
  options: { requests: { type: "string", default: "2000" }, label: { type: "string", default: "" } },
  allowPositionals: true,
});
const REQUESTS = Number(values.requests);

const sum = (used: Map<number, number>) => [...used.values()].reduce((a, b) => a + b, 0);

async function main() {
  const server = await startServer({ READ_CACHE: "false" });
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const rows: {
    url: string;
    serverMs: number;
    /** The server's main thread (its event loop); the rest of serverMs is its other threads (the GC, chiefly). */
    serverMainThreadMs: number;
    databaseMs: number;
    databaseFaults: number;
    serverFaults: number;
    requestsPerSecond: number;
    p99: number;
  }[] = [];
  try {
    const admin = await signIn(server.baseUrl, benchAdminEmail(domain), BENCH_ADMIN_PASSWORD);
    for (const url of positionals) {
      const options = {
        url: `${server.baseUrl}${url}`,
        headers: { cookie: admin, "accept-encoding": "gzip" },
        connections: 10,
      };
      await autocannon({ ...options, amount: 200 });
      const backends = await databaseBackendPids(client);
      const pids = [server.child.pid ?? 0, ...backends];
      const before = cpuMsOf(pids);
      const mainBefore = mainThreadCpuMsOf(pids[0] ?? 0);
      const faultsBefore = { server: minorFaultsOf(pids.slice(0, 1)), database: minorFaultsOf(backends) };
      const result = await measure(url, { ...options, amount: REQUESTS });
      const after = cpuMsOf(pids);
      const serverMainThreadMs = (mainThreadCpuMsOf(pids[0] ?? 0) - mainBefore) / REQUESTS;
      const serverFaults = (minorFaultsOf(pids.slice(0, 1)) - faultsBefore.server) / REQUESTS;
      const databaseFaults = (minorFaultsOf(backends) - faultsBefore.database) / REQUESTS;
      const serverMs = (after.get(pids[0] ?? 0) ?? 0) - (before.get(pids[0] ?? 0) ?? 0);
      const databaseMs = sum(after) - sum(before) - serverMs;
      const non2xx = Object.entries(result.statuses)
        .filter(([status]) => !status.startsWith("2"))
        .reduce((total, [, count]) => total + count, 0);
      rows.push({
        url,
        serverMs: serverMs / REQUESTS,
        serverMainThreadMs,
        databaseMs: databaseMs / REQUESTS,
        databaseFaults,
        serverFaults,
        requestsPerSecond: result.requestsPerSecond,
        p99: result.p99,
      });
      console.log(
        `${url}: server ${(serverMs / REQUESTS).toFixed(2)} ms (main thread ${serverMainThreadMs.toFixed(2)}),` +
          ` database ${(databaseMs / REQUESTS).toFixed(2)} ms CPU per request; page faults per request: server ${serverFaults.toFixed(1)},` +
          ` database ${databaseFaults.toFixed(1)};` +
          ` ${result.requestsPerSecond} req/s, p99 ${result.p99} ms, ${non2xx} non-2xx`,
      );
    }
    writeResult("read-cpu", values.label, { requests: REQUESTS, connections: 10, rows });
  } finally {
    await client.end();
    server.child.kill();
  }
}

await main();

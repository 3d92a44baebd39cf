// npm run bench:live: how many open live-notification streams (GET /api/notifications/stream, ADR 0032) one
// server process holds, and what they cost. Starts the built server on a fresh embedded database with the demo,
// opens --connections streams as a demo student (in batches, each waiting for its first `state`), samples the
// process's resident memory, then has the student apply to an opportunity and times until every stream has heard
// the new unread count. Goal of issue 17: 5,000 streams under 300 MB.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { signIn, startServer } from "./support";

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "5000" },
    batch: { type: "string", default: "250" },
  },
});
const CONNECTIONS = Number(values.connections);
const BATCH = Number(values.batch);

function residentBytes(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
}

interface Stream {
  request: http.ClientRequest;
  /** Resolves at the first `state` whose unread count passes the predicate. */
  waitFor(predicate: (unread: number) => boolean): Promise<void>;
}

function openStream(baseUrl: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const waiting = new Set<{ predicate: (unread: number) => boolean; done: () => void }>();
    let lastUnread: number | undefined;
    const request = http.get(`${baseUrl}/api/notifications/stream`, { headers: { cookie }, agent: false });
    const stream: Stream = {
      request,
      waitFor: (predicate) =>
        lastUnread !== undefined && predicate(lastUnread)
          ? Promise.resolve()
          : new Promise((done) => waiting.add({ predicate, done })),
    };
    request.on("response", (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding("utf8");
      let buffer = "";
      let opened = false;
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^event: state\ndata: (.*)$/m.exec(block)?.[1];
          if (data) {
            lastUnread = (JSON.parse(data) as { unread: number }).unread;
            if (!opened) {
              opened = true;
              resolve(stream);
            }
            for (const waiter of [...waiting]) {
              if (waiter.predicate(lastUnread)) {
                waiting.delete(waiter);
                waiter.done();
              }
            }
          }
          end = buffer.indexOf("\n\n");
        }
      });
    });
    request.on("error", reject);
  });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "seva-bench-live-"));
const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "true" });
try {
  const cookie = await signIn(server.baseUrl, "asha.rao@iimb.ac.in", "SevaStudent#2024");
  const baseline = residentBytes(server.child.pid);
  const streams: Stream[] = [];
  const openedAt = performance.now();
  while (streams.length < CONNECTIONS) {
    const size = Math.min(BATCH, CONNECTIONS - streams.length);
    streams.push(
      ...(await Promise.all(Array.from({ length: size }, () => openStream(server.baseUrl, cookie)))),
    );
  }
  const openSeconds = (performance.now() - openedAt) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const held = residentBytes(server.child.pid);

  const { opportunities } = (await (
    await fetch(`${server.baseUrl}/api/opportunities?limit=50`, { headers: { cookie } })
  ).json()) as { opportunities: { id: number }[] };
  const before = (await (
    await fetch(`${server.baseUrl}/api/notifications/unread-count`, { headers: { cookie } })
  ).json()) as { unread: number };
  const heard = Promise.all(streams.map((stream) => stream.waitFor((unread) => unread > before.unread)));
  const changedAt = performance.now();
  let applied = false;
  for (const opportunity of opportunities) {
    const response = await fetch(`${server.baseUrl}/api/applications`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: server.baseUrl },
      body: JSON.stringify({ opportunityId: opportunity.id }),
    });
    if (response.status === 201) {
      applied = true;
      break;
    }
  }
  if (!applied) throw new Error("no opportunity left to apply to");
  await heard;
  const fanOutMs = performance.now() - changedAt;

  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(
    JSON.stringify(
      {
        connections: streams.length,
        openSeconds: Number(openSeconds.toFixed(1)),
        residentMbBefore: Number(mb(baseline)),
        residentMbHolding: Number(mb(held)),
        kbPerConnection: Number(((held - baseline) / 1024 / streams.length).toFixed(1)),
        everyStreamHeardTheChangeMs: Math.round(fanOutMs),
      },
      null,
      2,
    ),
  );
  for (const stream of streams) stream.request.destroy();
} finally {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}

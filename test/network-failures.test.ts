// The network between a server process and PostgreSQL failing as real networks fail
// (docs/product-rules.md §7), through a loopback TCP proxy (tcp-proxy.ts) in front of the real database:
// - the change-notice connection goes silent on one of two processes (a NAT mapping dropped): that process must
//   stop serving cached reads within seconds, so a signed-out session and withdrawn admin rights stop working
//   there; writes must not hang; health says degraded until notices flow again;
// - the database goes away under load: every API call answers 503 with Retry-After (never a 500), health 503 with
//   or without a session cookie, and the process recovers by itself when the database is back.
// Always PostgreSQL (the embedded database has no network): a fresh database on DATABASE_URL's server, else the
// local one.

import type { DatabaseHandle } from "@server/db/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createScratchDatabase,
  eventually as eventuallyWithin,
  killServers,
  openDatabaseOf,
  PROCESS_SESSION_SECRET,
  postgresConnectionArgs,
  prepareUsers,
  request,
  type ScratchDatabase,
  serverEnv,
  signInOverHttp,
  startServer,
} from "./process-support";
import { TcpProxy } from "./tcp-proxy";

let database: ScratchDatabase;
let handle: DatabaseHandle | undefined;
let proxy: TcpProxy;

beforeAll(async () => {
  database = await createScratchDatabase("seva_network");
  const target = postgresConnectionArgs(database.url);
  proxy = new TcpProxy(target.host, Number(target.port));
  await proxy.start();
  handle = await openDatabaseOf({ databaseUrl: database.url });
});
afterAll(async () => {
  await killServers();
  await proxy?.close();
  await handle?.close();
  await database?.drop();
});

/** Within seconds, allowing for a busy machine (a bound, not a measurement). */
const eventually = (check: () => Promise<void>) => eventuallyWithin(check, 30_000);

const envFor = (databaseUrl: string) =>
  serverEnv({ DATABASE_URL: databaseUrl, SESSION_SECRET: PROCESS_SESSION_SECRET });

describe("a change-notice connection that goes silent", () => {
  it("stops the process's caches at once, keeps writes answering, and reports degraded until notices return", async () => {
    if (!handle) throw new Error("no database");
    const users = await prepareUsers(handle, { admins: 1, students: 3 });
    // The first process reaches the database through the proxy; the second directly.
    const [viaProxy, direct] = await Promise.all([
      startServer({ env: envFor(proxy.urlFor(database.url)) }),
      startServer({ env: envFor(database.url) }),
    ]);
    const [dean] = users.admins;
    const [leaving, promoted, writer] = users.students;
    if (!dean || !leaving || !promoted || !writer) throw new Error("missing users");
    const admin = await signInOverHttp(direct.baseUrl, dean.email);
    expect(
      (await request(direct.baseUrl, admin.cookie, "POST", "/api/admin/administrators", promoted)).status,
    ).toBe(200);
    const student = await signInOverHttp(viaProxy.baseUrl, leaving.email);
    const coordinator = await signInOverHttp(viaProxy.baseUrl, promoted.email);
    const author = await signInOverHttp(viaProxy.baseUrl, writer.email);

    // Warm the first process's caches: the session of each, and an admin list.
    for (let i = 0; i < 2; i++) {
      expect((await request(viaProxy.baseUrl, student.cookie, "GET", "/api/auth/user")).status).toBe(200);
      expect(
        (await request(viaProxy.baseUrl, coordinator.cookie, "GET", "/api/admin/applications")).status,
      ).toBe(200);
    }
    const healthy = await request(viaProxy.baseUrl, "", "GET", "/api/health");
    expect(healthy.body).toEqual({ status: "ok", database: "ok", changeNotices: "live" });

    // The notice connection goes silent, and stays so for any new one until thawed.
    proxy.freezeNoticeConnections();
    expect(proxy.frozenConnections).toBe(1);
    // Changes made through the other process, whose notices the first can no longer hear.
    expect((await request(direct.baseUrl, student.cookie, "POST", "/api/logout")).status).toBe(200);
    expect(
      (await request(direct.baseUrl, admin.cookie, "DELETE", `/api/admin/administrators/${coordinator.id}`))
        .status,
    ).toBe(200);

    // Within seconds the first process serves nothing from its caches: the session is gone, the rights too.
    await eventually(async () => {
      expect((await request(viaProxy.baseUrl, student.cookie, "GET", "/api/auth/user")).status).toBe(401);
      expect(
        (await request(viaProxy.baseUrl, coordinator.cookie, "GET", "/api/admin/applications")).status,
      ).toBe(403);
    });
    const degraded = await request(viaProxy.baseUrl, "", "GET", "/api/health");
    expect(degraded.status).toBe(200);
    expect(degraded.body).toEqual({ status: "degraded", database: "ok", changeNotices: "lost" });
    // A write through the first process answers (it no longer waits on the silent connection).
    const write = await request(viaProxy.baseUrl, author.cookie, "PATCH", "/api/auth/user", {
      firstName: "Writer",
    });
    expect(write.status).toBe(200);
    expect(write.body.firstName).toBe("Writer");

    // The network heals: a new notice connection flows, health is ok again and caches keep following changes.
    proxy.thaw();
    await eventually(async () => {
      expect((await request(viaProxy.baseUrl, "", "GET", "/api/health")).body.changeNotices).toBe("live");
    });
    expect((await request(viaProxy.baseUrl, author.cookie, "GET", "/api/auth/user")).body.firstName).toBe(
      "Writer",
    );
    expect(
      (await request(direct.baseUrl, author.cookie, "PATCH", "/api/auth/user", { firstName: "Again" }))
        .status,
    ).toBe(200);
    await eventually(async () => {
      expect((await request(viaProxy.baseUrl, author.cookie, "GET", "/api/auth/user")).body.firstName).toBe(
        "Again",
      );
    });
    expect(await Promise.all([viaProxy.stop(), direct.stop()])).toEqual([0, 0]);
  }, 120_000);
});

describe("a database that goes away under load", () => {
  it("answers 503 with Retry-After to every call, never 500, and recovers by itself", async () => {
    if (!handle) throw new Error("no database");
    const users = await prepareUsers(handle, { admins: 1, students: 1 });
    const [dean] = users.admins;
    const [member] = users.students;
    if (!dean || !member) throw new Error("missing users");
    const server = await startServer({ env: envFor(proxy.urlFor(database.url)) });
    const admin = await signInOverHttp(server.baseUrl, dean.email);
    const student = await signInOverHttp(server.baseUrl, member.email);
    const calls: [string, string, string, object?][] = [
      [student.cookie, "GET", "/api/auth/user"],
      [student.cookie, "GET", "/api/opportunities"],
      [student.cookie, "GET", "/api/leaderboard"],
      [admin.cookie, "GET", "/api/admin/applications"],
      [admin.cookie, "PUT", "/api/applications/1/status", { status: "accepted" }],
      [student.cookie, "GET", "/api/health"],
      ["", "GET", "/api/health"],
      ["", "POST", "/api/login", { email: member.email, password: "a-wrong-password" }],
    ];

    // Load from a few concurrent clients for the whole test; every answer is recorded with its Retry-After.
    let running = true;
    let phase: "up" | "down" | "back" = "up";
    const seen: { phase: string; call: string; status: number; retryAfter: string | null }[] = [];
    const client = async (offset: number) => {
      for (let i = offset; running; i++) {
        const [cookie, method, url, body] = calls[i % calls.length] as [string, string, string, object?];
        const at = phase;
        const answer = await request(server.baseUrl, cookie, method, url, body);
        seen.push({
          phase: at,
          call: `${method} ${url}`,
          status: answer.status,
          retryAfter: answer.headers.get("retry-after"),
        });
      }
    };
    const load = [0, 1, 2, 3].map((offset) => client(offset));
    await new Promise((resolve) => setTimeout(resolve, 1000));

    phase = "down";
    await proxy.takeDown();
    // Once the process has noticed, every call is refused as an outage, with or without a session cookie.
    await eventually(async () => {
      for (const [cookie, method, url, body] of calls) {
        const answer = await request(server.baseUrl, cookie, method, url, body);
        expect(answer.status, `${method} ${url}`).toBe(503);
        expect(Number(answer.headers.get("retry-after")), `${method} ${url}`).toBeGreaterThan(0);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));

    phase = "back";
    await proxy.start();
    await eventually(async () => {
      const health = await request(server.baseUrl, student.cookie, "GET", "/api/health");
      expect(health.status).toBe(200);
      expect(health.body.changeNotices).toBe("live");
      expect((await request(server.baseUrl, student.cookie, "GET", "/api/auth/user")).status).toBe(200);
      expect((await request(server.baseUrl, admin.cookie, "GET", "/api/admin/applications")).status).toBe(
        200,
      );
    });
    running = false;
    await Promise.all(load);

    expect(seen.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
    const outages = seen.filter((answer) => answer.status === 503);
    expect(outages.length).toBeGreaterThan(0);
    expect(outages.filter((answer) => !(Number(answer.retryAfter) > 0))).toEqual([]);
    expect(seen.filter((answer) => answer.phase === "down" && answer.status === 503).length).toBeGreaterThan(
      0,
    );
    // Nothing was logged as a server error: an outage is a warning, not a bug.
    expect(server.output()).not.toMatch(/"level":(50|60)/);
    expect(await server.stop()).toBe(0);
  }, 120_000);
});

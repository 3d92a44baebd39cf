import { createServer, type Server, type Socket } from "node:net";
import { buildApp } from "@server/app";
import { openPostgres } from "@server/db/client";
import { createTestApp, TEST_APP_CONFIG } from "@test/app";
import type { FastifyInstance, InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";

describe("GET /api/health", () => {
  it("reports the database as ok while it answers, and 503 once it is closed", async () => {
    const t = await createTestApp();
    try {
      const healthy = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(healthy.statusCode).toBe(200);
      expect(healthy.json()).toEqual({ status: "ok", database: "ok", changeNotices: "live" });

      await t.database.close();
      const closed = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(closed.statusCode).toBe(503);
      expect(closed.json()).toEqual({ message: "Database unavailable", code: "unavailable" });
    } finally {
      await t.app.close();
    }
  });

  it("answers every call 503 with Retry-After when the database server refuses connections", async () => {
    // A port that was free a moment ago: connecting to it is refused at once.
    const port = await freePort();
    let calls: InjectOptions[] = [];
    const answers = await callsAgainst(`postgres://postgres@127.0.0.1:${port}/seva`, (app) => {
      const cookie = `seva.sid=${app.signCookie("a-session-token-the-database-cannot-check")}`;
      calls = [
        { method: "GET", url: "/api/health" },
        { method: "GET", url: "/api/health", headers: { cookie } },
        { method: "GET", url: "/api/auth/user", headers: { cookie } },
        { method: "GET", url: "/api/opportunities", headers: { cookie } },
        {
          method: "PUT",
          url: "/api/applications/1/status",
          headers: { cookie },
          payload: { status: "accepted" },
        },
        { method: "POST", url: "/api/login", payload: { email: "a@iimb.ac.in", password: "whatever-it-is" } },
        {
          method: "POST",
          url: "/api/register",
          payload: { email: "b@iimb.ac.in", firstName: "B", lastName: "C", program: "PGP" },
        },
      ];
      return calls;
    });
    expect(answers).toHaveLength(calls.length);
    for (const [index, answer] of answers.entries()) {
      const call = `${calls[index]?.method} ${calls[index]?.url}`;
      expect(answer.statusCode, call).toBe(503);
      expect(answer.json().code, call).toBe("unavailable");
      expect(Number(answer.headers["retry-after"]), call).toBeGreaterThan(0);
    }
  });

  it("answers 503 rather than hanging when the database accepts connections and never answers", async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => undefined);
    });
    await listen(silent);
    try {
      const answer = await healthAgainst(`postgres://postgres@127.0.0.1:${addressPort(silent)}/seva`, () => {
        for (const socket of sockets) socket.destroy();
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ message: "Database unavailable", code: "unavailable" });
      expect(answer.headers["retry-after"]).toBe("5");
    } finally {
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

/** Builds the real app on a PostgreSQL pool pointed at url and asks for its health once. */
async function healthAgainst(url: string, beforeClose: () => void = () => undefined) {
  const [answer] = await callsAgainst(url, () => [{ method: "GET", url: "/api/health" }], beforeClose);
  if (!answer) throw new Error("no answer");
  return answer;
}

/** Builds the real app on a PostgreSQL pool pointed at url and makes the calls, one after another. */
async function callsAgainst(
  url: string,
  calls: (app: FastifyInstance) => InjectOptions[],
  beforeClose: () => void = () => undefined,
) {
  const handle = await openPostgres(url, 2, () => undefined);
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({
      db: handle.db,
      config: TEST_APP_CONFIG,
      logger: false,
    });
    const answers = [];
    for (const call of calls(app)) answers.push(await app.inject(call));
    return answers;
  } finally {
    // Release the connection attempt still waiting on the silent server, so the pool can end.
    beforeClose();
    await app?.close();
    await handle.close().catch(() => undefined);
  }
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
}

function addressPort(server: Server): number {
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("server has no port");
  return address.port;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await listen(server);
  const port = addressPort(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

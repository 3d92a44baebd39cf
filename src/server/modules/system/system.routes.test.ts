import { createServer, type Server, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { createTestApp, TEST_APP_CONFIG } from "../../../../test/app";
import { buildApp } from "../../app";
import { openPostgres } from "../../db/client";

describe("GET /api/health", () => {
  it("reports the database as ok while it answers, and 503 once it is closed", async () => {
    const t = await createTestApp();
    try {
      const healthy = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(healthy.statusCode).toBe(200);
      expect(healthy.json()).toEqual({ status: "ok", database: "ok" });

      await t.database.close();
      const closed = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(closed.statusCode).toBe(503);
      expect(closed.json()).toEqual({ message: "Database unavailable", code: "unavailable" });
    } finally {
      await t.app.close();
    }
  });

  it("answers 503 when the database server refuses connections", async () => {
    // A port that was free a moment ago: connecting to it is refused at once.
    const port = await freePort();
    const answer = await healthAgainst(`postgres://postgres@127.0.0.1:${port}/seva`);
    expect(answer.statusCode).toBe(503);
    expect(answer.json().code).toBe("unavailable");
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
    } finally {
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

/** Builds the real app on a PostgreSQL pool pointed at url and asks for its health once. */
async function healthAgainst(url: string, beforeClose: () => void = () => undefined) {
  const handle = await openPostgres(url, 2, () => undefined);
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({
      db: handle.db,
      config: TEST_APP_CONFIG,
      logger: false,
    });
    return await app.inject({ method: "GET", url: "/api/health" });
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

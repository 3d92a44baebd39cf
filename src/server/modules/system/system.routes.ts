// Operational endpoints. The health check answers within HEALTH_TIMEOUT_MS whatever the database does, so a
// load balancer's probe learns "unavailable" (503) from a database that hangs as well as from one that refuses.
// A process that lost its change notices still answers correctly (it caches nothing meanwhile), so it stays in
// service and says "degraded" for the operator (docs/operations.md).

import type { Database } from "@server/db/client";
import { serviceUnavailable } from "@server/errors";
import { DATABASE_RETRY_AFTER_SECONDS } from "@server/http/database-unavailable";
import { registerRoute } from "@server/http/route";
import { systemContract } from "@shared/contract/system";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

export const HEALTH_TIMEOUT_MS = 2000;

export function registerSystemRoutes(app: FastifyInstance, db: Database): void {
  registerRoute(app, db, systemContract.health, async ({ request }) => {
    try {
      await withTimeout(db.execute(sql`select 1`), HEALTH_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, "health check: database unavailable");
      throw serviceUnavailable("Database unavailable", DATABASE_RETRY_AFTER_SECONDS);
    }
    const changeNotices = app.cache.tracker.state;
    return {
      status: changeNotices === "lost" ? ("degraded" as const) : ("ok" as const),
      database: "ok" as const,
      changeNotices,
    };
  });
}

function withTimeout<T>(work: PromiseLike<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

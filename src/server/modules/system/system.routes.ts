import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { systemContract } from "../../../shared/contract/system";
import type { Database } from "../../db/client";
import { serviceUnavailable } from "../../http/errors";
import { registerRoute } from "../../http/route";

export function registerSystemRoutes(app: FastifyInstance, db: Database): void {
  registerRoute(app, db, systemContract.health, async () => {
    try {
      await db.execute(sql`select 1`);
    } catch {
      throw serviceUnavailable("Database unavailable");
    }
    return { status: "ok" as const, database: "ok" as const };
  });
}

// HTTP glue for analytics.
import type { FastifyInstance } from "fastify";
import { analyticsContract } from "../../../shared/contract/analytics";
import type { Database } from "../../db/client";
import { registerRoute } from "../../http/route";
import { getAnalytics } from "./analytics.service";

export function registerAnalyticsRoutes(app: FastifyInstance, db: Database): void {
  registerRoute(app, db, analyticsContract.get, async ({ query }) => getAnalytics(db, query.dateRange));
}

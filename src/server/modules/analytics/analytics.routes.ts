// HTTP glue for analytics.

import type { Database } from "@server/db/client";
import { registerRoute } from "@server/http/route";
import { analyticsContract } from "@shared/contract/analytics";
import { dayRange } from "@shared/domain/periods";
import type { FastifyInstance } from "fastify";
import { analytics } from "./analytics.reads";

export function registerAnalyticsRoutes(app: FastifyInstance, db: Database): void {
  registerRoute(app, db, analyticsContract.get, async ({ query, shared }) => {
    // The figures depend on the school day too: a new day starts a new range.
    const now = new Date();
    const today = dayRange(now, 1).start.toISOString();
    const range = { days: query.dateRange, now };
    return shared(`${query.dateRange} ${today}`, analytics.topics(range), async () => ({
      body: await analytics.load(db, range),
    }));
  });
}

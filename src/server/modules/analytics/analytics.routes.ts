// HTTP glue for analytics.

import { type ChangeTopic, topics } from "@server/db/change-tracker";
import type { Database } from "@server/db/client";
import { registerRoute } from "@server/http/route";
import { analyticsContract } from "@shared/contract/analytics";
import { dayRange } from "@shared/domain/periods";
import type { FastifyInstance } from "fastify";
import { getAnalytics } from "./analytics.service";

const ANALYTICS_TOPICS: readonly ChangeTopic[] = [topics.applicationRows, "opportunities"];

export function registerAnalyticsRoutes(app: FastifyInstance, db: Database): void {
  registerRoute(app, db, analyticsContract.get, async ({ query, shared }) => {
    // The figures depend on the school day too: a new day starts a new range.
    const now = new Date();
    const today = dayRange(now, 1).start.toISOString();
    return shared(`${query.dateRange} ${today}`, ANALYTICS_TOPICS, async () => ({
      body: await getAnalytics(db, query.dateRange, now),
    }));
  });
}

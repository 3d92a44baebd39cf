// HTTP glue for the application timeline; the rules live in timeline.service.ts.
import type { Database } from "@server/db/client";
import { registerRoute } from "@server/http/route";
import { timelineContract } from "@shared/contract/timeline";
import type { FastifyInstance } from "fastify";
import { getTimeline } from "./timeline.service";

export function registerTimelineRoutes(app: FastifyInstance, db: Database): void {
  registerRoute(app, db, timelineContract.get, async ({ params, user }) => getTimeline(db, user, params.id));
}

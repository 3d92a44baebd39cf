// HTTP glue for applications; the rules live in applications.service.ts.
import type { FastifyInstance } from "fastify";
import { applicationsContract } from "../../../shared/contract/applications";
import type { Database } from "../../db/client";
import { registerRoute } from "../../http/route";
import { applyToOpportunity } from "./applications.service";

export function registerApplicationRoutes(app: FastifyInstance, db: Database): void {
  registerRoute(app, db, applicationsContract.apply, async ({ body, user }) =>
    applyToOpportunity(db, user.id, body.opportunityId),
  );
}

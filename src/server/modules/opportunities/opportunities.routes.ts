// HTTP glue for opportunities; the rules live in opportunities.service.ts.
import type { FastifyInstance } from "fastify";
import { opportunitiesContract } from "../../../shared/contract/opportunities";
import type { Database } from "../../db/client";
import { conditionalResponse } from "../../http/etag";
import { registerRoute } from "../../http/route";
import { findOwnApplication } from "../applications/applications.service";
import {
  closeOpportunity,
  createOpportunity,
  deleteOpportunity,
  getOpportunity,
  listOpenOpportunities,
  listOpportunitiesForAdmin,
  listOpportunityProgress,
  updateOpportunity,
} from "./opportunities.service";

export function registerOpportunityRoutes(app: FastifyInstance, db: Database): void {
  registerRoute(app, db, opportunitiesContract.list, async ({ query, request, reply }) =>
    conditionalResponse(request, reply, await listOpenOpportunities(db, query)),
  );

  registerRoute(app, db, opportunitiesContract.get, async ({ params, user }) => {
    const opportunity = await getOpportunity(db, params.id);
    const viewerApplication =
      user?.role === "student" ? await findOwnApplication(db, user.id, params.id) : null;
    return { ...opportunity, viewerApplication };
  });

  registerRoute(app, db, opportunitiesContract.create, async ({ body, user }) =>
    createOpportunity(db, body, user.id),
  );

  registerRoute(app, db, opportunitiesContract.update, async ({ params, body }) =>
    updateOpportunity(db, params.id, body),
  );

  registerRoute(app, db, opportunitiesContract.close, async ({ params }) => closeOpportunity(db, params.id));

  registerRoute(app, db, opportunitiesContract.remove, async ({ params }) => {
    await deleteOpportunity(db, params.id);
    return { message: "Opportunity deleted" };
  });

  registerRoute(app, db, opportunitiesContract.adminList, async ({ query, reply }) => {
    const { opportunities, total } = await listOpportunitiesForAdmin(db, query);
    reply.header("X-Total-Count", String(total));
    return opportunities;
  });

  registerRoute(app, db, opportunitiesContract.progress, async ({ user }) =>
    listOpportunityProgress(db, user.role === "admin"),
  );
}

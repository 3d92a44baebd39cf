// HTTP glue for opportunities; the rules live in opportunities.service.ts.

import { type ChangeTopic, topics } from "@server/db/change-tracker";
import type { Database } from "@server/db/client";
import { notFound } from "@server/errors";
import { registerRoute } from "@server/http/route";
import { opportunitiesContract } from "@shared/contract/opportunities";
import type { FastifyInstance } from "fastify";
import { findOwnApplication } from "../applications/applications.service";
import {
  closeOpportunity,
  createOpportunity,
  deleteOpportunity,
  getOpportunityWithShareToken,
  listOpenOpportunities,
  listOpportunitiesForAdmin,
  listOpportunityProgress,
  OPPORTUNITY_NOT_FOUND,
  updateOpportunity,
} from "./opportunities.service";
import { canSeeOpportunity, seesEveryOpportunity } from "./opportunity-visibility";

/** What an opportunity as shown depends on: itself, its application count and its creator's name. */
const OPPORTUNITY_TOPICS: readonly ChangeTopic[] = ["opportunities", topics.applicationCount, "users"];
/** The admin's list adds each opportunity's applications by status and its approved hours. */
const ADMIN_OPPORTUNITY_TOPICS: readonly ChangeTopic[] = ["opportunities", topics.applicationRows, "users"];

export function registerOpportunityRoutes(app: FastifyInstance, db: Database): void {
  // Polled by every student's home page: one shared body per filter, 304 for a poller that has it.
  registerRoute(app, db, opportunitiesContract.list, async ({ query, shared }) =>
    shared(JSON.stringify(query), OPPORTUNITY_TOPICS, async () => ({
      body: await listOpenOpportunities(db, query),
    })),
  );

  registerRoute(app, db, opportunitiesContract.get, async ({ params, query, user, cache }) => {
    // The cached copy holds the share token: who may see it, and whether the token goes out, is decided below on
    // every request.
    const opportunity = await cache.get(`opportunity ${params.id}`, OPPORTUNITY_TOPICS, () =>
      getOpportunityWithShareToken(db, params.id),
    );
    const viewerApplication =
      user.role === "student"
        ? await cache.get(`own application ${user.id} ${params.id}`, [topics.applicationsOf(user.id)], () =>
            findOwnApplication(db, user.id, params.id),
          )
        : null;
    if (!canSeeOpportunity(user, opportunity, { key: query.key, hasApplied: viewerApplication !== null })) {
      throw notFound(OPPORTUNITY_NOT_FOUND);
    }
    const shareToken = seesEveryOpportunity(user) ? opportunity.shareToken : null;
    return { ...opportunity, shareToken, viewerApplication };
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

  registerRoute(app, db, opportunitiesContract.adminList, async ({ query, shared }) =>
    shared(JSON.stringify(query), ADMIN_OPPORTUNITY_TOPICS, async () => {
      const { opportunities, total } = await listOpportunitiesForAdmin(db, query);
      return { body: opportunities, headers: { "X-Total-Count": String(total) } };
    }),
  );

  registerRoute(app, db, opportunitiesContract.progress, async ({ user, shared }) => {
    const includePrivate = seesEveryOpportunity(user);
    return shared(
      includePrivate ? "with private" : "public",
      ["opportunities", topics.applicationRows],
      async () => ({
        body: await listOpportunityProgress(db, includePrivate),
      }),
    );
  });
}

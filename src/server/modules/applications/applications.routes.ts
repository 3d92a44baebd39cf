// HTTP glue for applications; the rules live in applications.service.ts.

import { type ChangeTopic, topics } from "@server/db/change-tracker";
import type { Database } from "@server/db/client";
import { registerRoute } from "@server/http/route";
import { applicationsContract } from "@shared/contract/applications";
import type { FastifyInstance } from "fastify";
import { assertCanSeeStudentRecords } from "../access";
import {
  applyToOpportunity,
  listApplicationsForAdmin,
  listApplicationsForOpportunity,
  listApplicationsForUser,
  updateApplicationStatus,
} from "./applications.service";

/** What an application list shows: applications, their opportunities and the people on both (not balances). */
const APPLICATION_TOPICS: readonly ChangeTopic[] = [topics.applicationRows, "opportunities", "users"];

export function registerApplicationRoutes(app: FastifyInstance, db: Database): void {
  const routes = applicationsContract;
  registerRoute(app, db, routes.apply, async ({ body, user }) =>
    applyToOpportunity(db, user.id, body.opportunityId, body.shareKey),
  );

  registerRoute(app, db, routes.listForUser, async ({ params, user, shared }) => {
    // The access check comes first: the shared body is the same for the student and every admin.
    assertCanSeeStudentRecords(user, params.userId, "applications");
    // Only this student's applications: another student's decision leaves the list as it is.
    const ownTopics: ChangeTopic[] = [topics.applicationsOf(params.userId), "opportunities", "users"];
    return shared(String(params.userId), ownTopics, async () => ({
      body: await listApplicationsForUser(db, user, params.userId),
    }));
  });

  registerRoute(app, db, routes.listForOpportunity, async ({ params, shared }) =>
    shared(String(params.opportunityId), APPLICATION_TOPICS, async () => ({
      body: await listApplicationsForOpportunity(db, params.opportunityId),
    })),
  );

  registerRoute(app, db, routes.adminList, async ({ query, shared }) =>
    shared(JSON.stringify(query), APPLICATION_TOPICS, async () => {
      const { applications, total } = await listApplicationsForAdmin(db, query);
      return { body: applications, headers: { "X-Total-Count": String(total) } };
    }),
  );

  registerRoute(app, db, routes.updateStatus, async ({ params, body, user }) =>
    updateApplicationStatus(db, user, params.id, body),
  );
}

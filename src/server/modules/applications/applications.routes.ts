// HTTP glue for applications and their hours; the rules live in applications.service.ts and hours.service.ts.
import type { FastifyInstance } from "fastify";
import { applicationsContract } from "../../../shared/contract/applications";
import { type ChangeTopic, topics } from "../../db/change-tracker";
import type { Database } from "../../db/client";
import { registerRoute } from "../../http/route";
import { approveHours, listHourSubmissions, rejectHours, submitHours } from "../hours/hours.service";
import {
  applyToOpportunity,
  assertCanSeeApplicationsOf,
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
    assertCanSeeApplicationsOf(user, params.userId);
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

  registerRoute(app, db, routes.submitHours, async ({ params, body, user }) =>
    submitHours(db, user.id, params.id, body.hours),
  );

  registerRoute(app, db, routes.approveHours, async ({ params, body, user }) =>
    approveHours(db, user, params.id, body),
  );

  registerRoute(app, db, routes.rejectHours, async ({ params, body, user }) =>
    rejectHours(db, user, params.id, body.feedback),
  );

  registerRoute(app, db, routes.hours, async ({ params, user }) => listHourSubmissions(db, user, params.id));
}

// HTTP glue for applications; the rules live in applications.service.ts.

import type { Database } from "@server/db/client";
import { registerRoute } from "@server/http/route";
import { applicationsContract } from "@shared/contract/applications";
import type { FastifyInstance } from "fastify";
import { assertCanSeeStudentRecords } from "../access";
import { adminApplications, applicationsOfStudent, applicationsToOpportunity } from "./applications.reads";
import { applyToOpportunity, updateApplicationStatus, withdrawApplication } from "./applications.service";

export function registerApplicationRoutes(app: FastifyInstance, db: Database): void {
  const routes = applicationsContract;
  registerRoute(app, db, routes.apply, async ({ body, user }) =>
    applyToOpportunity(db, user.id, body.opportunityId, body.shareKey),
  );

  registerRoute(app, db, routes.listForUser, async ({ params, user, shared }) => {
    // The access check comes first: the shared body is the same for the student and every admin.
    assertCanSeeStudentRecords(user, params.userId, "applications");
    const read = { viewer: user, userId: params.userId };
    return shared(String(params.userId), applicationsOfStudent.topics(read), async () => ({
      body: await applicationsOfStudent.load(db, read),
    }));
  });

  registerRoute(app, db, routes.listForOpportunity, async ({ params, shared }) =>
    shared(
      String(params.opportunityId),
      applicationsToOpportunity.topics(params.opportunityId),
      async () => ({
        body: await applicationsToOpportunity.load(db, params.opportunityId),
      }),
    ),
  );

  registerRoute(app, db, routes.adminList, async ({ query, shared }) =>
    shared(JSON.stringify(query), adminApplications.topics(query), async () => {
      const { applications, total } = await adminApplications.load(db, query);
      return { body: applications, headers: { "X-Total-Count": String(total) } };
    }),
  );

  registerRoute(app, db, routes.updateStatus, async ({ params, body, user }) =>
    updateApplicationStatus(db, user, params.id, body),
  );

  registerRoute(app, db, routes.withdraw, async ({ params, user }) =>
    withdrawApplication(db, user.id, params.id),
  );
}

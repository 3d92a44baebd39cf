// HTTP glue for the hours a student served and the admin's decision on them; the rules live in hours.service.ts.
import type { Database } from "@server/db/client";
import { registerRoute } from "@server/http/route";
import { hoursContract } from "@shared/contract/hours";
import type { FastifyInstance } from "fastify";
import {
  approveHours,
  listHourSubmissions,
  rejectHours,
  resendVerification,
  submitHours,
} from "./hours.service";

/** `verificationKey` signs the supervisors' links (supervision/verification-link.ts). */
export function registerHoursRoutes(app: FastifyInstance, db: Database, verificationKey: Buffer): void {
  const routes = hoursContract;
  registerRoute(app, db, routes.submit, async ({ params, body, user }) =>
    submitHours(db, verificationKey, user.id, params.id, body),
  );

  registerRoute(app, db, routes.approve, async ({ params, body, user }) =>
    approveHours(db, user, params.id, body),
  );

  registerRoute(app, db, routes.reject, async ({ params, body, user }) =>
    rejectHours(db, user, params.id, body.feedback),
  );

  registerRoute(app, db, routes.list, async ({ params, user }) => listHourSubmissions(db, user, params.id));

  registerRoute(app, db, routes.resendVerification, async ({ params, user }) =>
    resendVerification(db, verificationKey, user.id, params.id),
  );
}

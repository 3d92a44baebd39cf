// HTTP glue for the supervisor's verification link (public: the signed token is the credential); the rules live in
// supervision.service.ts.
import type { Database } from "@server/db/client";
import { registerRoute } from "@server/http/route";
import { supervisionContract } from "@shared/contract/supervision";
import type { FastifyInstance } from "fastify";
import { checkSupervision, decideSupervision } from "./supervision.service";

export function registerSupervisionRoutes(
  app: FastifyInstance,
  db: Database,
  options: { verificationKey: Buffer; institutionName: string },
): void {
  const routes = supervisionContract;
  registerRoute(app, db, routes.check, async ({ body, reply }) => {
    reply.header("Cache-Control", "no-store");
    return checkSupervision(db, options.verificationKey, body.token, options.institutionName);
  });
  registerRoute(app, db, routes.decide, async ({ body }) =>
    decideSupervision(db, options.verificationKey, body),
  );
}

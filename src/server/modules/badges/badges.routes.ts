// HTTP glue for badges.

import type { Database } from "@server/db/client";
import { registerRoute } from "@server/http/route";
import { badgesContract } from "@shared/contract/badges";
import type { FastifyInstance } from "fastify";
import { assertCanSeeStudentRecords } from "../access";
import { badgeCatalogue, badgesOfStudent } from "./badges.reads";

export function registerBadgeRoutes(app: FastifyInstance, db: Database): void {
  registerRoute(app, db, badgesContract.list, async ({ shared }) =>
    shared("", badgeCatalogue.topics(), async () => ({ body: await badgeCatalogue.load(db) })),
  );

  registerRoute(app, db, badgesContract.listForUser, async ({ params, user, shared }) => {
    assertCanSeeStudentRecords(user, params.userId, "badges");
    return shared(String(params.userId), badgesOfStudent.topics(params.userId), async () => ({
      body: await badgesOfStudent.load(db, params.userId),
    }));
  });
}

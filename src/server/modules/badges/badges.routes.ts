// HTTP glue for badges.

import type { Database } from "@server/db/client";
import { forbidden } from "@server/errors";
import { registerRoute } from "@server/http/route";
import { badgesContract } from "@shared/contract/badges";
import type { FastifyInstance } from "fastify";
import { badgeCatalogue, badgesOfStudent } from "./badges.reads";

export function registerBadgeRoutes(app: FastifyInstance, db: Database): void {
  registerRoute(app, db, badgesContract.list, async ({ shared }) =>
    shared("", badgeCatalogue.topics(), async () => ({ body: await badgeCatalogue.load(db) })),
  );

  registerRoute(app, db, badgesContract.listForUser, async ({ params, user, shared }) => {
    if (user.role !== "admin" && user.id !== params.userId)
      throw forbidden("You can only see your own badges");
    return shared(String(params.userId), badgesOfStudent.topics(params.userId), async () => ({
      body: await badgesOfStudent.load(db, params.userId),
    }));
  });
}

// HTTP glue for badges.

import type { Database } from "@server/db/client";
import { registerRoute } from "@server/http/route";
import { badgesContract } from "@shared/contract/badges";
import type { FastifyInstance } from "fastify";
import { assertCanSeeStudentRecords } from "../access";
import { listBadges, listUserBadges } from "./badges.service";

export function registerBadgeRoutes(app: FastifyInstance, db: Database): void {
  registerRoute(app, db, badgesContract.list, async ({ shared }) =>
    shared("", ["badges"], async () => ({ body: await listBadges(db) })),
  );

  registerRoute(app, db, badgesContract.listForUser, async ({ params, user, shared }) => {
    assertCanSeeStudentRecords(user, params.userId, "badges");
    return shared(String(params.userId), ["user_badges", "badges"], async () => ({
      body: await listUserBadges(db, params.userId),
    }));
  });
}

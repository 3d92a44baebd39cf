// HTTP glue for administrators; the rules live in administrators.service.ts.

import type { Database } from "@server/db/client";
import { registerRoute } from "@server/http/route";
import { administratorsContract } from "@shared/contract/administrators";
import type { FastifyInstance } from "fastify";
import { administrators } from "./administrators.reads";
import { promoteToAdministrator, removeAdministrator } from "./administrators.service";

export function registerAdministratorRoutes(app: FastifyInstance, db: Database): void {
  registerRoute(app, db, administratorsContract.list, async ({ shared }) =>
    shared("", administrators.topics(), async () => ({ body: await administrators.load(db) })),
  );

  registerRoute(app, db, administratorsContract.promote, async ({ body, user, request }) => {
    const administrator = await promoteToAdministrator(db, body.email);
    // The audit trail of who gave whom administrator rights: ids only, never the e-mail address.
    request.log.info({ promotedUserId: administrator.id, promotedBy: user.id }, "administrator promoted");
    return {
      administrator,
      message: `${administrator.firstName} ${administrator.lastName} is now an administrator.`,
    };
  });

  registerRoute(app, db, administratorsContract.remove, async ({ params, user, request }) => {
    const removed = await removeAdministrator(db, user, params.userId);
    request.log.info({ removedUserId: removed.id, removedBy: user.id }, "administrator rights removed");
    return { message: `${removed.firstName} ${removed.lastName} is no longer an administrator.` };
  });
}

// HTTP glue for waiting lists; the rules live in waitlist.service.ts. Nothing here is cached: an offer's 48 hours
// run with the clock, and the lists are short.
import type { Database } from "@server/db/client";
import { registerRoute } from "@server/http/route";
import { waitlistContract } from "@shared/contract/waitlist";
import type { FastifyInstance } from "fastify";
import {
  acceptOffer,
  joinWaitlist,
  leaveWaitlist,
  listOwnWaitlist,
  listWaitlistForAdmin,
} from "./waitlist.service";

export function registerWaitlistRoutes(app: FastifyInstance, db: Database): void {
  const routes = waitlistContract;
  registerRoute(app, db, routes.join, async ({ params, body, user }) =>
    joinWaitlist(db, user.id, params.id, body.shareKey),
  );
  registerRoute(app, db, routes.leave, async ({ params, user }) => {
    await leaveWaitlist(db, user.id, params.id);
    return { message: "You left the waiting list" };
  });
  registerRoute(app, db, routes.acceptOffer, async ({ params, user }) => acceptOffer(db, user.id, params.id));
  registerRoute(app, db, routes.mine, async ({ user }) => listOwnWaitlist(db, user.id));
  registerRoute(app, db, routes.adminList, async ({ params }) => listWaitlistForAdmin(db, params.id));
}

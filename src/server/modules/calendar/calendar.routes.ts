// HTTP glue for calendars: the feed's address (contract endpoints) and the two .ics files, which are not JSON
// and so sit outside the contract, each with its guard written here and proved by calendar.routes.test.ts:
//   GET /api/opportunities/:id/calendar.ics  signed in, the same visibility as GET /api/opportunities/:id;
//   GET /calendar/<token>.ics                no session (calendar apps fetch it): the secret is the credential.
import type { Database } from "@server/db/client";
import { notFound } from "@server/errors";
import { API_SECURITY_HEADERS, authorize, registerRoute } from "@server/http/route";
import type { MailSite } from "@server/mail/site";
import { calendarContract } from "@shared/contract/calendar";
import { IdParamsSchema } from "@shared/contract/common";
import { ShareKeySchema } from "@shared/contract/opportunities";
import { slugOf } from "@shared/domain/event-dates";
import type { FastifyInstance, FastifyReply } from "fastify";
import { ownApplication } from "../applications/applications.reads";
import { opportunityWithShareToken } from "../opportunities/opportunities.reads";
import { OPPORTUNITY_NOT_FOUND } from "../opportunities/opportunities.service";
import { canSeeOpportunity } from "../opportunities/opportunity-visibility";
import {
  feedUrl,
  findFeedOwner,
  getFeedToken,
  listFeedOpportunities,
  resetFeedToken,
} from "./calendar.service";
import { feedCalendar, opportunityCalendar } from "./calendar-ics";

export const FEED_PATH_PREFIX = "/calendar/";
const ICS_TYPE = "text/calendar; charset=utf-8";

function sendCalendar(reply: FastifyReply, text: string, headers: Record<string, string>) {
  return reply
    .code(200)
    .headers({ ...API_SECURITY_HEADERS, "content-type": ICS_TYPE, ...headers })
    .send(text);
}

export function registerCalendarRoutes(app: FastifyInstance, db: Database, site: MailSite): void {
  registerRoute(app, db, calendarContract.feed, async ({ user }) => ({
    url: feedUrl(site, await getFeedToken(db, user.id)),
  }));

  registerRoute(app, db, calendarContract.resetFeed, async ({ user }) => ({
    url: feedUrl(site, await resetFeedToken(db, user.id)),
  }));

  app.route<{ Params: { id: string }; Querystring: { key?: unknown } }>({
    method: "GET",
    url: "/api/opportunities/:id/calendar.ics",
    helmet: false,
    schema: { hide: true },
    onRequest: async (request, reply) => {
      reply.headers(API_SECURITY_HEADERS);
      request.user = await authorize(db, request, "signedIn");
    },
    handler: async (request, reply) => {
      const user = request.user;
      if (!user) throw new Error("the guard let an anonymous caller through");
      const id = IdParamsSchema.safeParse(request.params);
      if (!id.success) throw notFound(OPPORTUNITY_NOT_FOUND);
      const key = ShareKeySchema.safeParse(request.query.key);
      const opportunity = await app.cache.read(db, opportunityWithShareToken, id.data.id);
      const application =
        user.role === "student"
          ? await app.cache.read(db, ownApplication, { studentId: user.id, opportunityId: id.data.id })
          : null;
      const access = { key: key.success ? key.data : undefined, hasApplied: application !== null };
      if (!canSeeOpportunity(user, opportunity, access)) throw notFound(OPPORTUNITY_NOT_FOUND);
      if (opportunity.startsAt === null) throw notFound("This opportunity has no date to add to a calendar");
      const text = opportunityCalendar(site, { ...opportunity, startsAt: opportunity.startsAt });
      return sendCalendar(reply, text, {
        "content-disposition": `attachment; filename="${slugOf(opportunity.title)}.ics"`,
      });
    },
  });

  app.route<{ Params: { file: string } }>({
    method: "GET",
    url: `${FEED_PATH_PREFIX}:file`,
    helmet: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      const file = request.params.file;
      const studentId = file.endsWith(".ics") ? await findFeedOwner(db, file.slice(0, -4)) : undefined;
      // Nothing tells a wrong address from one that was reset.
      if (studentId === undefined) return reply.code(404).headers(API_SECURITY_HEADERS).send();
      const text = feedCalendar(site, await listFeedOpportunities(db, studentId));
      // Personal: no shared cache may keep it; the app asks again at the refresh hint.
      return sendCalendar(reply, text, {
        "cache-control": "private, no-cache",
        "content-disposition": 'inline; filename="seva.ics"',
      });
    },
  });
}

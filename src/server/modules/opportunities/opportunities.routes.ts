// HTTP glue for opportunities; the rules live in opportunities.service.ts.

import type { Database } from "@server/db/client";
import { notFound } from "@server/errors";
import { registerRoute } from "@server/http/route";
import type { SessionUser } from "@server/sessions/session-store";
import { opportunitiesContract } from "@shared/contract/opportunities";
import type { FastifyInstance } from "fastify";
import { ownApplication } from "../applications/applications.reads";
import { findWaitlistView } from "../waitlist/waitlist.service";
import {
  adminOpportunities,
  openOpportunities,
  opportunityProgress,
  opportunityWithShareToken,
  shownApplicantCounts,
} from "./opportunities.reads";
import {
  closeOpportunity,
  createOpportunity,
  deleteOpportunity,
  OPPORTUNITY_NOT_FOUND,
  updateOpportunity,
} from "./opportunities.service";
import type { Interests } from "./opportunity-search";
import { canSeeOpportunity, seesEveryOpportunity } from "./opportunity-visibility";

/** Bytes an opportunity's count holds in the shown counts' Map, roughly. */
const APPLICANT_COUNT_WEIGHT = 64;

/**
 * The interests 'recommended' ranks by, from the signed-in user (the session is read again when they change);
 * undefined without any, so that student's list is in reward order, read from an index and shared with everyone
 * else who gave none.
 */
function interestsOf(user: SessionUser): Interests | undefined {
  const { interestSkills: skills, interestTypes: types } = user;
  return skills.length > 0 || types.length > 0 ? { skills, types } : undefined;
}

export function registerOpportunityRoutes(app: FastifyInstance, db: Database): void {
  // Polled by every student's home page: one shared body per filter, 304 for a poller that has it. Without the
  // caller's own applications ('Discover'), the body is theirs alone: their id is part of the read, so of its
  // cache key. Ranked by interests ('recommended'), it is shared by those who gave the same ones.
  registerRoute(app, db, opportunitiesContract.list, async ({ query, user, shared, cache }) => {
    const read = {
      ...query,
      notAppliedBy: query.hideApplied && user.role === "student" ? user.id : undefined,
      interests: query.sort === "recommended" ? interestsOf(user) : undefined,
    };
    return shared(JSON.stringify(read), openOpportunities.topics(read), async () => {
      const shownCounts = await cache.readKept(db, shownApplicantCounts, undefined, {
        weigh: (counts) => counts.size * APPLICANT_COUNT_WEIGHT,
      });
      return { body: await openOpportunities.load(db, { ...read, shownCounts }) };
    });
  });

  registerRoute(app, db, opportunitiesContract.get, async ({ params, query, user, cache }) => {
    // The cached copy holds the share token: who may see it, and whether the token goes out, is decided below on
    // every request.
    const opportunity = await cache.read(db, opportunityWithShareToken, params.id);
    const viewerApplication =
      user.role === "student"
        ? await cache.read(db, ownApplication, { studentId: user.id, opportunityId: params.id })
        : null;
    // Read each time, not cached: an offer's 48 hours and the line move with the clock (ADR 0037).
    const waitlist = await findWaitlistView(db, user.role === "student" ? user.id : null, opportunity);
    // A student in line was let in once (by the link or by applying): the offer's notification has no key.
    const hasApplied = viewerApplication !== null || waitlist.viewerWaitlist !== null;
    if (!canSeeOpportunity(user, opportunity, { key: query.key, hasApplied })) {
      throw notFound(OPPORTUNITY_NOT_FOUND);
    }
    const admin = seesEveryOpportunity(user);
    const shareToken = admin ? opportunity.shareToken : null;
    const supervisorEmail = admin ? opportunity.supervisorEmail : null;
    return { ...opportunity, shareToken, supervisorEmail, viewerApplication, ...waitlist };
  });

  registerRoute(app, db, opportunitiesContract.create, async ({ body, user }) =>
    createOpportunity(db, body, user.id),
  );

  registerRoute(app, db, opportunitiesContract.update, async ({ params, body }) =>
    updateOpportunity(db, params.id, body),
  );

  registerRoute(app, db, opportunitiesContract.close, async ({ params }) => closeOpportunity(db, params.id));

  registerRoute(app, db, opportunitiesContract.remove, async ({ params }) => {
    await deleteOpportunity(db, params.id);
    return { message: "Opportunity deleted" };
  });

  registerRoute(app, db, opportunitiesContract.adminList, async ({ query, shared }) =>
    shared(JSON.stringify(query), adminOpportunities.topics(query), async () => {
      const { opportunities, total } = await adminOpportunities.load(db, query);
      return { body: opportunities, headers: { "X-Total-Count": String(total) } };
    }),
  );

  registerRoute(app, db, opportunitiesContract.progress, async ({ user, query, shared }) => {
    const progressQuery = { ...query, includePrivate: seesEveryOpportunity(user) };
    return shared(JSON.stringify(progressQuery), opportunityProgress.topics(progressQuery), async () => {
      const { page, total } = await opportunityProgress.load(db, progressQuery);
      return { body: page, headers: { "X-Total-Count": String(total) } };
    });
  });
}

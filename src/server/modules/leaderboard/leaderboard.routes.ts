// HTTP glue for the leaderboard and community totals. A page of a ranking (per timeframe, opportunity and limit)
// and a student's own rank are each read from the maintained aggregates and kept until coins, students or
// completions change (not on every application or status change); every viewer's body is cut from the page.

import type { Config } from "@server/config";
import type { Database } from "@server/db/client";
import { registerRoute } from "@server/http/route";
import type { SessionUser } from "@server/sessions/session-store";
import { leaderboardContract } from "@shared/contract/leaderboard";
import type { FastifyInstance } from "fastify";
import { visibleWithoutLink } from "../opportunities/opportunities.reads";
import { seesEveryOpportunity } from "../opportunities/opportunity-visibility";
import { communityImpact, leaderboardPage, ownRank } from "./leaderboard.reads";
import { listLeaderboardActivities, rankingKey, toLeaderboardEntries } from "./leaderboard.service";

export function registerLeaderboardRoutes(
  app: FastifyInstance,
  db: Database,
  config: Pick<Config, "termStartMonths">,
): void {
  /**
   * A student filtering by a private opportunity they did not apply to gets what an opportunity without coins
   * gets, an empty ranking, so the filter tells them nothing about it (ADR 0017). Checked before the shared body.
   */
  const isHiddenFrom = async (user: SessionUser, opportunityId: number | undefined) =>
    !seesEveryOpportunity(user) &&
    opportunityId !== undefined &&
    !(await app.cache.read(db, visibleWithoutLink, { studentId: user.id, opportunityId }));

  registerRoute(app, db, leaderboardContract.list, async ({ query, user, shared }) => {
    if (await isHiddenFrom(user, query.opportunityId)) return [];
    const options = { ...query, termStartMonths: config.termStartMonths };
    const page = await app.cache.read(db, leaderboardPage, options, {
      key: `${rankingKey(options)} ${query.limit}`,
      weigh: (rows) => rows.length * 128,
    });
    // Viewers outside the page all see the same body; a viewer on it gets their own (their entry unmasked).
    const viewerId = page.some((row) => row.id === user.id) ? user.id : null;
    return shared(
      `${rankingKey(options)} ${query.limit} ${viewerId ?? "others"}`,
      leaderboardPage.topics(options),
      async () => ({ body: toLeaderboardEntries(page, viewerId, query.limit) }),
    );
  });

  registerRoute(app, db, leaderboardContract.ownRank, async ({ query, user }) => {
    if (await isHiddenFrom(user, query.opportunityId))
      return { rank: null, coins: 0, completedApplications: 0, rankedStudents: 0 };
    const options = { ...query, termStartMonths: config.termStartMonths };
    return app.cache.read(
      db,
      ownRank,
      { ...options, studentId: user.id },
      { key: `${rankingKey(options)} ${user.id}` },
    );
  });

  // Asked as a viewer types in the picker, not polled: read from the database each time, not cached.
  registerRoute(app, db, leaderboardContract.activities, async ({ query, user, reply }) => {
    const { activities, total } = await listLeaderboardActivities(db, user, query);
    reply.header("X-Total-Count", String(total));
    return activities;
  });

  registerRoute(app, db, leaderboardContract.community, async ({ shared }) =>
    shared("", communityImpact.topics(), async () => ({
      body: await communityImpact.load(db),
    })),
  );
}

// HTTP glue for the leaderboard and community totals. A ranking is computed once per timeframe and kept until
// coins, students or completions change (not on every application or status change); every viewer's page and
// own rank are cut from it.

import type { Config } from "@server/config";
import type { Database } from "@server/db/client";
import { registerRoute } from "@server/http/route";
import type { SessionUser } from "@server/sessions/session-store";
import { leaderboardContract } from "@shared/contract/leaderboard";
import type { FastifyInstance } from "fastify";
import { visibleWithoutLink } from "../opportunities/opportunities.reads";
import { seesEveryOpportunity } from "../opportunities/opportunity-visibility";
import { communityImpact, ranking as rankingRead } from "./leaderboard.reads";
import {
  listLeaderboardActivities,
  ownRankIn,
  type RankingOptions,
  rankingKey,
  toLeaderboardEntries,
} from "./leaderboard.service";

export function registerLeaderboardRoutes(
  app: FastifyInstance,
  db: Database,
  config: Pick<Config, "termStartMonths">,
): void {
  const ranking = (query: Omit<RankingOptions, "termStartMonths">) => {
    const options = { ...query, termStartMonths: config.termStartMonths };
    return app.cache.read(db, rankingRead, options, {
      key: rankingKey(options),
      weigh: (rows) => rows.length * 128,
    });
  };

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
    // Viewers outside the page all see the same body; a viewer on it gets their own (their entry unmasked).
    const onPage = (await ranking(query)).slice(0, query.limit).some((row) => row.id === user.id);
    const viewerId = onPage ? user.id : null;
    return shared(
      `${rankingKey(options)} ${query.limit} ${viewerId ?? "others"}`,
      rankingRead.topics(options),
      async () => ({
        body: toLeaderboardEntries(await ranking(query), viewerId, query.limit),
      }),
    );
  });

  registerRoute(app, db, leaderboardContract.ownRank, async ({ query, user }) =>
    ownRankIn((await isHiddenFrom(user, query.opportunityId)) ? [] : await ranking(query), user.id),
  );

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

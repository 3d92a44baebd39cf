// HTTP glue for the leaderboard and community totals.
import type { FastifyInstance } from "fastify";
import { leaderboardContract } from "../../../shared/contract/leaderboard";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { registerRoute } from "../../http/route";
import { getCommunityImpact, getLeaderboard, getOwnRank } from "./leaderboard.service";

export function registerLeaderboardRoutes(
  app: FastifyInstance,
  db: Database,
  config: Pick<Config, "termStartMonths">,
): void {
  registerRoute(app, db, leaderboardContract.list, async ({ query, user }) =>
    getLeaderboard(db, user, query, config.termStartMonths),
  );
  registerRoute(app, db, leaderboardContract.ownRank, async ({ query, user }) =>
    getOwnRank(db, user, query, config.termStartMonths),
  );
  registerRoute(app, db, leaderboardContract.community, async () => getCommunityImpact(db));
}

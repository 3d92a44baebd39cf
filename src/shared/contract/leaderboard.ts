// Leaderboard and community impact (docs/product-spec.md §7, docs/product-rules.md §4). Anonymity is applied
// by the server: an anonymous student's id and name reach nobody but that student.
import { z } from "zod";
import { OPPORTUNITY_STATUSES } from "../domain/enums";
import { IdSchema, limitSchema } from "./common";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { LEADERBOARD_ACTIVITIES_MAX_LIMIT, LEADERBOARD_MAX_LIMIT } from "./query-bounds";
import { apiRoutes } from "./routes";

export const TIMEFRAMES = ["all", "semester", "month"] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export { LEADERBOARD_MAX_LIMIT };

export const LeaderboardQuerySchema = z.object({
  timeframe: z.enum(TIMEFRAMES, { error: "timeframe must be all, semester or month" }).default("all"),
  opportunityId: z
    .union([IdSchema, z.literal("")])
    .optional()
    .transform((value) => (value === "" ? undefined : value)),
  limit: limitSchema(LEADERBOARD_MAX_LIMIT, 50),
});
export type LeaderboardQuery = z.output<typeof LeaderboardQuerySchema>;

export const LeaderboardEntrySchema = z.object({
  /** Null for an anonymous student seen by anyone else. */
  id: z.number().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Coins of the timeframe (and opportunity, when filtered). */
  coins: z.number(),
  anonymizeLeaderboard: z.boolean(),
  rank: z.number(),
  isViewer: z.boolean(),
  _count: z.object({ completedApplications: z.number() }),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const OwnRankSchema = z.object({
  /** Null when the student has no coins in this timeframe (not ranked yet). */
  rank: z.number().nullable(),
  coins: z.number(),
  completedApplications: z.number(),
  rankedStudents: z.number(),
});

/** The activity picker's search: the text in a title, literally. */
export const LeaderboardActivitiesQuerySchema = z.object({
  search: z.string().trim().max(200, "search: at most 200 characters").optional(),
  limit: limitSchema(LEADERBOARD_ACTIVITIES_MAX_LIMIT, 20),
});

/** An opportunity the leaderboard may be filtered by: only what the picker shows. */
export const LeaderboardActivitySchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(OPPORTUNITY_STATUSES),
});
export type LeaderboardActivity = z.infer<typeof LeaderboardActivitySchema>;

export const CommunityImpactSchema = z.object({
  totalCoins: z.number(),
  totalOpportunities: z.number(),
  activeStudents: z.number(),
  projectsCompleted: z.number(),
});

export const leaderboardContract = {
  list: defineEndpoint({
    ...apiRoutes.leaderboard.list,
    summary: "Students ranked by coins of the timeframe (and opportunity); anonymity applied",
    query: LeaderboardQuerySchema,
    response: z.array(LeaderboardEntrySchema),
  }),
  ownRank: defineEndpoint({
    ...apiRoutes.leaderboard.ownRank,
    summary: "The signed-in student's rank and score for the same filters, even outside the top",
    query: LeaderboardQuerySchema.omit({ limit: true }),
    response: OwnRankSchema,
  }),
  activities: defineEndpoint({
    ...apiRoutes.leaderboard.activities,
    summary:
      "Opportunities the leaderboard can be filtered by, by title: every public one of any status and the private ones the viewer applied to (every one for admins); X-Total-Count gives the total",
    query: LeaderboardActivitiesQuerySchema,
    response: z.array(LeaderboardActivitySchema),
  }),
  community: defineEndpoint({
    ...apiRoutes.leaderboard.community,
    // Holds nothing personal: browsers may keep it and revalidate it with its ETag.
    browserCache: "revalidate",
    summary: "Community totals: coins earned, opportunities, active students, projects completed",
    response: CommunityImpactSchema,
  }),
} as const satisfies Record<keyof typeof apiRoutes.leaderboard, Endpoint>;

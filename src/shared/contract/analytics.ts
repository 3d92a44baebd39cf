// Analytics for administrators (docs/product-spec.md §7, docs/product-rules.md §5). Every figure is a number.
import { z } from "zod";
import { OPPORTUNITY_TYPES } from "../domain/enums";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { DATE_RANGES } from "./query-bounds";
import { apiRoutes } from "./routes";

export { DATE_RANGES };

export const AnalyticsQuerySchema = z.object({
  dateRange: z.coerce
    .number({ error: "dateRange must be 7, 30, 90 or 365" })
    .refine(
      (value) => (DATE_RANGES as readonly number[]).includes(value),
      "dateRange must be 7, 30, 90 or 365",
    )
    .default(30),
});

export const PeriodFiguresSchema = z.object({
  totalOpportunities: z.number(),
  totalApplications: z.number(),
  /** Applications per opportunity published in the period. */
  averageApplyRate: z.number(),
  /** Percent of the period's applications that reached hours approved or completed. */
  completionRate: z.number(),
});
export type PeriodFigures = z.infer<typeof PeriodFiguresSchema>;

export const AnalyticsSchema = PeriodFiguresSchema.extend({
  dateRange: z.number(),
  applicationsOverTime: z.array(z.object({ date: z.string(), count: z.number() })),
  applicationsByType: z.array(z.object({ type: z.enum(OPPORTUNITY_TYPES), count: z.number() })),
  previousPeriod: PeriodFiguresSchema,
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

export const analyticsContract = {
  get: defineEndpoint({
    ...apiRoutes.analytics.get,
    summary: "Programme figures for the last 7, 30, 90 or 365 days, with the previous period's",
    query: AnalyticsQuerySchema,
    response: AnalyticsSchema,
  }),
} as const satisfies Record<keyof typeof apiRoutes.analytics, Endpoint>;

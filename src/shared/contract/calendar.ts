// Calendars (docs/product-rules.md §12, ADR 0036): a student's private iCal feed of the opportunities they were
// accepted to. The feed itself (GET /calendar/<token>.ics) and an opportunity's .ics file are not JSON and sit
// outside the contract (src/server/modules/calendar/calendar-files.routes.ts).
import { z } from "zod";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { apiRoutes } from "./routes";

export const CalendarFeedSchema = z.object({
  /** The https address of the feed; the secret in it is the only credential a calendar app sends. */
  url: z.string(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

export const calendarContract = {
  feed: defineEndpoint({
    ...apiRoutes.calendar.feed,
    summary: "The address of the student's private calendar feed of accepted opportunities",
    response: CalendarFeedSchema,
  }),
  resetFeed: defineEndpoint({
    ...apiRoutes.calendar.resetFeed,
    summary: "Give the calendar feed a new secret address; the old one stops working",
    response: CalendarFeedSchema,
  }),
} as const satisfies Record<keyof typeof apiRoutes.calendar, Endpoint>;

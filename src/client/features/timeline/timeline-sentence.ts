// What each step of an application's timeline says (docs/product-rules.md §10, ADR 0040): one sentence, and a
// line under it for who did it when the sentence does not say. The student's, admin's or supervisor's name is
// the one kept on the event; a step with no name kept (an account since deleted, an older row) reads generically.
import type { ApplicationEvent } from "@shared/contract/timeline";
import { schoolClockAt } from "@shared/domain/event-dates";
import { dayMonthYearClock, indianFigure } from "@shared/domain/written-out";

export interface TimelineWords {
  sentence: string;
  /** Who or what took the step, when the sentence does not name them. */
  byline?: string;
  /** Feedback, notes or a dispute's reason, shown quoted; absent when the sentence already holds it. */
  quote?: string;
}

const plural = (count: number, one: string, many: string) =>
  `${indianFigure(count)} ${count === 1 ? one : many}`;

export const hoursText = (hours: number) => plural(hours, "hour", "hours");
export const coinsText = (coins: number) => plural(coins, "coin", "coins");

function whoDid(event: ApplicationEvent): string {
  if (event.actorName) return event.actorName;
  switch (event.actor) {
    case "student":
      return "the student";
    case "admin":
      return "an administrator";
    case "supervisor":
      return "the supervisor";
    default:
      return "Seva";
  }
}

/** The one-click Accept and Reject buttons' notes say no more than the sentence does. */
const SAYS_NOTHING_MORE = new Set(["Application accepted by admin", "Application rejected by admin"]);

function noteOf(event: ApplicationEvent): string | undefined {
  const note = event.note?.trim();
  return note && !SAYS_NOTHING_MORE.has(note) ? note : undefined;
}

export function describeEvent(event: ApplicationEvent): TimelineWords {
  const by = whoDid(event);
  const quote = noteOf(event);
  const hours = event.hours ?? 0;
  switch (event.kind) {
    case "applied":
      return { sentence: `Applied by ${by}`, quote };
    case "accepted":
      return { sentence: `Accepted by ${by}`, quote };
    case "rejected":
      return { sentence: `Rejected by ${by}`, quote };
    case "reconsidered":
      return { sentence: `Reconsidered and accepted by ${by}`, quote };
    case "withdrawn":
      return { sentence: `Withdrawn by ${by}`, quote };
    case "hours_submitted":
      return { sentence: `${hoursText(hours)} submitted`, byline: `By ${by}`, quote };
    case "verification_requested":
      return {
        sentence: event.actorName
          ? `Sent to ${event.actorName} to confirm`
          : "Sent to the supervisor to confirm",
        quote,
      };
    case "verified":
      return { sentence: `Confirmed by ${by}`, quote };
    case "disputed":
      return { sentence: quote ? `Disputed by ${by}: ${quote}` : `Disputed by ${by}` };
    case "hours_approved": {
      const coins = event.coins === null ? "" : ` · ${coinsText(event.coins)}`;
      return {
        sentence: `${hoursText(hours)} approved${coins}`,
        byline:
          event.actor === "system" ? "Approved automatically on the supervisor's confirmation" : `By ${by}`,
        quote,
      };
    }
    case "hours_rejected":
      return { sentence: `${hoursText(hours)} rejected`, byline: `By ${by}`, quote };
    case "completed": {
      const amounts = [
        event.hours ? hoursText(event.hours) : null,
        event.coins ? coinsText(event.coins) : null,
      ].filter((part) => part !== null);
      return {
        sentence: `Completed by ${by}`,
        ...(amounts.length > 0 ? { byline: amounts.join(" · ") } : {}),
        quote,
      };
    }
  }
}

/** '25 Nov 2026, 15:02 IST': the school's time, whatever the viewer's device says. */
export function formatIndiaDateTime(value: string): string {
  return `${dayMonthYearClock(schoolClockAt(new Date(value)))} IST`;
}

import { componentOnDemand } from "@client/components/ui/dialog-on-demand";
import { absoluteUrl, paths } from "@client/lib/paths";
import { whenIdle } from "@client/lib/when-idle";
import type { Opportunity } from "@shared/contract/opportunities";
import { googleCalendarUrl } from "@shared/domain/event-dates";
import { Suspense, useEffect, useState } from "react";
import { CalendarTriggerFace, calendarTriggerClasses } from "./calendar-trigger";

interface AddToCalendarProps {
  opportunity: Pick<Opportunity, "id" | "title" | "shortDescription" | "location" | "startsAt" | "endsAt">;
  /** The share key the page was opened with: it opens a private opportunity's file too. */
  shareKey?: string | undefined;
}

// The menu's code (Radix's dropdown menu and what it positions with) is about a third of what an opportunity's
// page loaded before it could paint on a phone. The page draws a plain button with the menu trigger's face and
// roles; the code is fetched once the page is idle or the button is reached, and the first click puts the menu,
// opened, in the button's place (ADR 0046).
const { Component: CalendarMenu, preload: preloadMenu } = componentOnDemand(() => import("./calendar-menu"));

/** 'Add to Calendar' on a dated opportunity: its .ics file, or Google Calendar's event form filled in. */
export function AddToCalendar({ opportunity, shareKey }: AddToCalendarProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(preloadMenu), []);
  const { startsAt } = opportunity;
  if (startsAt === null) return null;
  const google = googleCalendarUrl({
    title: opportunity.title,
    startsAt,
    endsAt: opportunity.endsAt,
    details: `${opportunity.shortDescription}\n\n${absoluteUrl(paths.opportunity(opportunity.id))}`,
    location: opportunity.location,
  });
  const standIn = (
    <button
      type="button"
      className={calendarTriggerClasses}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadMenu}
      onFocus={preloadMenu}
      onClick={() => setWanted(true)}
    >
      <CalendarTriggerFace />
    </button>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <CalendarMenu icsHref={paths.opportunityCalendarFile(opportunity.id, shareKey)} googleHref={google} />
    </Suspense>
  );
}

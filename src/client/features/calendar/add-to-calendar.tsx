import { buttonClasses } from "@client/components/ui/button";
import { absoluteUrl, paths } from "@client/lib/paths";
import type { Opportunity } from "@shared/contract/opportunities";
import { googleCalendarUrl } from "@shared/domain/event-dates";
import { CalendarPlus, ChevronDown, Download, ExternalLink } from "lucide-react";
import { DropdownMenu } from "radix-ui";

interface AddToCalendarProps {
  opportunity: Pick<Opportunity, "id" | "title" | "shortDescription" | "location" | "startsAt" | "endsAt">;
  /** The share key the page was opened with: it opens a private opportunity's file too. */
  shareKey?: string | undefined;
}

const itemClasses =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2.5 font-medium text-sm text-stone-800 outline-none data-[highlighted]:bg-stone-100";

/** 'Add to Calendar' on a dated opportunity: its .ics file, or Google Calendar's event form filled in. */
export function AddToCalendar({ opportunity, shareKey }: AddToCalendarProps) {
  const { startsAt } = opportunity;
  if (startsAt === null) return null;
  const google = googleCalendarUrl({
    title: opportunity.title,
    startsAt,
    endsAt: opportunity.endsAt,
    details: `${opportunity.shortDescription}\n\n${absoluteUrl(paths.opportunity(opportunity.id))}`,
    location: opportunity.location,
  });
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClasses("outline", "sm")}>
        <CalendarPlus aria-hidden className="size-4" />
        Add to Calendar
        <ChevronDown aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      {/* Not portalled: the menu stays inside the page's main landmark. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className="z-50 min-w-48 rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
      >
        <DropdownMenu.Item asChild className={itemClasses}>
          <a href={paths.opportunityCalendarFile(opportunity.id, shareKey)} download>
            <Download aria-hidden className="size-4" />
            Download .ics
          </a>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={itemClasses}>
          <a href={google} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden className="size-4" />
            Google Calendar
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

// The 'Add to Calendar' menu itself (Radix's dropdown menu), loaded when the button is first used
// (add-to-calendar.tsx): its library is most of what an opportunity's page would otherwise load before painting.
import { Download, ExternalLink } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { CalendarTriggerFace, calendarTriggerClasses } from "./calendar-trigger";

export interface CalendarMenuProps {
  /** The opportunity's .ics file. */
  icsHref: string;
  /** Google Calendar's event form, filled in. */
  googleHref: string;
}

const itemClasses =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2.5 font-medium text-sm text-stone-800 outline-none data-[highlighted]:bg-stone-100";

/** Opened at once: it replaces the stand-in button on the click that asked for it. */
export default function CalendarMenu({ icsHref, googleHref }: CalendarMenuProps) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger className={calendarTriggerClasses}>
        <CalendarTriggerFace />
      </DropdownMenu.Trigger>
      {/* Not portalled: the menu stays inside the page's main landmark. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className="z-50 min-w-48 rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
      >
        <DropdownMenu.Item asChild className={itemClasses}>
          <a href={icsHref} download>
            <Download aria-hidden className="size-4" />
            Download .ics
          </a>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={itemClasses}>
          <a href={googleHref} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden className="size-4" />
            Google Calendar
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

// The face of the 'Add to Calendar' button, the same on the stand-in drawn with the page and on the menu's own
// trigger that replaces it (calendar-menu.tsx).
import { buttonClasses } from "@client/components/ui/button";
import { CalendarPlus, ChevronDown } from "lucide-react";

export const calendarTriggerClasses = buttonClasses("outline", "sm");

export function CalendarTriggerFace() {
  return (
    <>
      <CalendarPlus aria-hidden className="size-4" />
      Add to Calendar
      <ChevronDown aria-hidden className="size-4" />
    </>
  );
}

// The student's places on waiting lists, for the dashboard: position in line, or the offered place's deadline,
// and that no place can be taken while the opportunity takes no applications.
import { Card } from "@client/components/ui/card";
import { paths } from "@client/lib/paths";
import type { OwnWaitlistEntry } from "@shared/contract/waitlist";
import { Gift, ListOrdered } from "lucide-react";
import { Link } from "react-router";
import { deadlineOf, LINE_ON_HOLD, lineOnHold, OFFER_ON_HOLD, ordinalInLine } from "./waitlist-action";

export function OwnWaitlist({ entries }: { entries: readonly OwnWaitlistEntry[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {entries.map((entry) => {
        const onHold = lineOnHold(entry.opportunity);
        return (
          <li key={entry.id}>
            <Card className="grid gap-2 p-4">
              <Link
                to={paths.opportunity(entry.opportunity.id)}
                className="font-semibold text-stone-900 underline-offset-2 hover:text-saffron-800 hover:underline"
              >
                {entry.opportunity.title}
              </Link>
              {entry.status === "offered" && entry.offerExpiresAt ? (
                <p className="flex items-start gap-2 font-medium text-emerald-900 text-sm">
                  <Gift aria-hidden className="mt-0.5 size-4 shrink-0" />
                  {onHold
                    ? `A place is held for you until ${deadlineOf(entry.offerExpiresAt)}.`
                    : `A place is offered to you until ${deadlineOf(entry.offerExpiresAt)}: open it to take it.`}
                </p>
              ) : (
                <p className="flex items-center gap-2 text-sm text-stone-700">
                  <ListOrdered aria-hidden className="size-4 shrink-0 text-stone-500" />
                  {`Waiting list: you are ${ordinalInLine(entry.position)}`}
                </p>
              )}
              {onHold && (
                <p className="text-sm text-stone-700">
                  {entry.status === "offered" ? OFFER_ON_HOLD : LINE_ON_HOLD}
                </p>
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

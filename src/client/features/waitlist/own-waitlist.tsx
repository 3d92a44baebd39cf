// The student's places on waiting lists, for the dashboard: position in line, or the offered place's deadline.
import { Card } from "@client/components/ui/card";
import { paths } from "@client/lib/paths";
import type { OwnWaitlistEntry } from "@shared/contract/waitlist";
import { Gift, ListOrdered } from "lucide-react";
import { Link } from "react-router";
import { deadlineOf, ordinalInLine } from "./waitlist-action";

export function OwnWaitlist({ entries }: { entries: readonly OwnWaitlistEntry[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {entries.map((entry) => (
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
                {`A place is offered to you until ${deadlineOf(entry.offerExpiresAt)}: open it to take it.`}
              </p>
            ) : (
              <p className="flex items-center gap-2 text-sm text-stone-700">
                <ListOrdered aria-hidden className="size-4 shrink-0 text-stone-500" />
                {`Waiting list: you are ${ordinalInLine(entry.position)}`}
              </p>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}

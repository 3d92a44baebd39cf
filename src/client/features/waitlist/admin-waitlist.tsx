// An opportunity's waiting list for admins (docs/product-rules.md §12): who is in line, since when, who holds an
// offer and until when, and how past entries ended.
import { formatDate, formatTime } from "@client/lib/format";
import type { AdminWaitlistEntry } from "@shared/contract/waitlist";
import type { WaitlistStatus } from "@shared/domain/enums";

const STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: "Waiting",
  offered: "Offered",
  taken: "Took the place",
  expired: "Offer expired",
  left: "Left",
};

const when = (value: string) => `${formatDate(value)} ${formatTime(value)}`;

export function AdminWaitlist({ entries }: { entries: readonly AdminWaitlistEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-stone-700">Nobody is waiting.</p>;
  return (
    <>
      {/* Phones get one card per person; wider screens the table (only one of the two is displayed). */}
      <ul className="grid gap-3 sm:hidden">
        {entries.map((entry) => (
          <li key={entry.id} className="grid gap-1 rounded-lg border border-stone-200 p-3 text-sm">
            <p className="flex items-baseline justify-between gap-2">
              <span className="font-medium text-stone-900">
                {`${entry.position ? `${entry.position}. ` : ""}${entry.user.firstName} ${entry.user.lastName}`}
              </span>
              <span className="shrink-0 font-medium text-stone-700">{STATUS_LABELS[entry.status]}</span>
            </p>
            <p className="break-all text-stone-600 text-xs">{entry.user.email}</p>
            <p className="text-stone-700">{`Joined ${when(entry.joinedAt)}`}</p>
            {entry.status === "offered" && entry.offerExpiresAt && (
              <p className="font-medium text-emerald-900">{`Offer expires ${when(entry.offerExpiresAt)}`}</p>
            )}
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-left text-sm sm:table">
        <thead className="text-stone-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              #
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Student
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Joined
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 font-medium">
              Offer expires
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200 text-stone-900">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="py-2 pr-3">{entry.position ?? "–"}</td>
              <td className="py-2 pr-3">
                <span className="font-medium">{`${entry.user.firstName} ${entry.user.lastName}`}</span>
                <span className="block text-stone-600 text-xs">{entry.user.email}</span>
              </td>
              <td className="py-2 pr-3">{when(entry.joinedAt)}</td>
              <td className="py-2 pr-3">{STATUS_LABELS[entry.status]}</td>
              <td className="py-2">
                {entry.status === "offered" && entry.offerExpiresAt ? when(entry.offerExpiresAt) : "–"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

import { formatNumber } from "@client/lib/format-number";
import { TYPE_LABELS } from "@client/lib/opportunity-labels";
import type { Analytics } from "@shared/contract/analytics";
import { byCountDescending } from "./insights";

const barColours = ["bg-saffron-600", "bg-indigo-600", "bg-violet-600", "bg-green-700"] as const;

/** Each opportunity type's applications, as a count, a share and a bar, the most chosen first. */
export function ApplicationsByType({ byType }: { byType: Analytics["applicationsByType"] }) {
  const total = byType.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <ul className="grid gap-4">
      {byCountDescending(byType).map(({ type, count }, index) => {
        const percent = total === 0 ? 0 : (count / total) * 100;
        return (
          <li key={type} className="grid gap-1.5">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="font-medium text-stone-900">{TYPE_LABELS[type]}</span>
              <span className="text-stone-700 tabular-nums">
                <span className="font-semibold text-stone-900">{formatNumber(count)}</span>
                {` · ${formatNumber(percent)}%`}
              </span>
            </div>
            <div aria-hidden className="h-2.5 overflow-hidden rounded-full bg-stone-200">
              <div
                className={`h-full rounded-full ${barColours[index % barColours.length]}`}
                style={{ width: `${percent}%` }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

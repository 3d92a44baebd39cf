import { Card } from "@client/components/ui/card";
import {
  OpportunityImage,
  OpportunityStatusBadge,
  OpportunityTypeTag,
  SkillTags,
} from "@client/features/opportunities";
import { countOf, durationText } from "@client/lib/opportunity-labels";
import { formatDateRange, momentFromInputValue } from "@shared/domain/event-dates";
import { CalendarDays, Clock, Coins, MapPin, Users } from "lucide-react";
import { useId } from "react";
import {
  DEFAULT_FORM_COINS_PER_HOUR,
  DEFAULT_MAX_COINS,
  type OpportunityFormValues,
  positiveWholeNumberOr,
} from "./opportunity-form-values";

function httpUrlOrNull(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The range students will see, once the inputs hold a date the browser understood. */
function previewDates(startsAt: string, endsAt: string): string | null {
  const start = momentFromInputValue(startsAt);
  if (start === null || Number.isNaN(Date.parse(start))) return null;
  const end = momentFromInputValue(endsAt);
  const validEnd = end !== null && Date.parse(end) > Date.parse(start) ? end : null;
  return formatDateRange(start, validEnd);
}

/** How students will see the opportunity, redrawn as the form is filled in. */
export function OpportunityPreview({ values }: { values: OpportunityFormValues }) {
  const headingId = useId();
  const coinsPerHour = positiveWholeNumberOr(values.coinsPerHour, DEFAULT_FORM_COINS_PER_HOUR);
  const maxCoins = positiveWholeNumberOr(values.maxCoins, DEFAULT_MAX_COINS);
  const capacity = values.capacity.trim();
  const when = previewDates(values.startsAt, values.endsAt);

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="font-semibold text-lg text-stone-900">
        Live Preview
      </h2>
      <Card className="overflow-hidden">
        <OpportunityImage imageUrl={httpUrlOrNull(values.imageUrl)} type={values.type} />
        <div className="grid gap-3 p-5">
          <div className="flex flex-wrap gap-2">
            <OpportunityStatusBadge status={values.status} />
            <OpportunityTypeTag type={values.type} />
          </div>
          <p className="break-words font-semibold text-lg text-stone-900 leading-snug">
            {values.title.trim() || "Your opportunity title"}
          </p>
          <p className="break-words text-sm text-stone-700">
            {values.shortDescription.trim() || "A one-line summary students see in the list."}
          </p>
          <ul className="grid gap-1.5 border-stone-100 border-t pt-3 text-sm text-stone-800">
            <li className="flex items-center gap-2">
              <Coins aria-hidden className="size-4 shrink-0 text-saffron-700" />
              {`${countOf(coinsPerHour, "coin")} per hour, up to ${maxCoins}`}
            </li>
            <li className="flex items-center gap-2">
              <Clock aria-hidden className="size-4 shrink-0 text-saffron-700" />
              {durationText(values.duration, values.customDuration)}
            </li>
            {when && (
              <li className="flex items-center gap-2">
                <CalendarDays aria-hidden className="size-4 shrink-0 text-saffron-700" />
                {when}
              </li>
            )}
            {values.location.trim() && (
              <li className="flex items-center gap-2 break-words">
                <MapPin aria-hidden className="size-4 shrink-0 text-saffron-700" />
                {values.location.trim()}
              </li>
            )}
            <li className="flex items-center gap-2">
              <Users aria-hidden className="size-4 shrink-0 text-saffron-700" />
              {capacity ? countOf(Number(capacity), "place") : "Unlimited places"}
            </li>
          </ul>
          {values.skills.length > 0 && <SkillTags skills={values.skills} />}
        </div>
      </Card>
    </section>
  );
}

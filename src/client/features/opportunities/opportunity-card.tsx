import { cn } from "@client/lib/cn";
import { durationText } from "@client/lib/opportunity-labels";
import { paths } from "@client/lib/paths";
import type { Opportunity } from "@shared/contract/opportunities";
import { formatCompactDate } from "@shared/domain/event-dates";
import { CalendarDays, CircleCheck, Clock, Coins, Flame, Sparkles, Users } from "lucide-react";
import { Link } from "react-router";
import { OpportunityTypeTag } from "./opportunity-badges";
import { OpportunityImage, OpportunityTypeTile } from "./opportunity-image";

export type TrendTag = "Hot" | "New";

interface OpportunityCardProps {
  opportunity: Opportunity;
  /** The home page's trend badge; lists that are not about trends leave it out. */
  tag?: TrendTag;
  hasApplied: boolean;
}

/** An opportunity in a grid (the home page's trending ones, /opportunities); the whole card opens its page. */
export function OpportunityCard({ opportunity, tag, hasApplied }: OpportunityCardProps) {
  const hasImage = Boolean(opportunity.imageUrl);
  return (
    <article className="relative flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-indigo-600">
      {/* A picture earns its banner; without one, a small tile of the type's colours keeps the card compact, so a
          phone shows more than one card per screen (ADR 0029). */}
      {hasImage && (
        <div className="relative">
          <OpportunityImage imageUrl={opportunity.imageUrl} type={opportunity.type} />
          {tag && <TrendBadge tag={tag} className="absolute top-3 left-3 shadow" />}
        </div>
      )}
      <div className={cn("flex flex-1 flex-col gap-3", hasImage ? "p-5" : "p-4 sm:p-5")}>
        <div className="flex items-center gap-3">
          {!hasImage && <OpportunityTypeTile type={opportunity.type} />}
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            {!hasImage && tag && <TrendBadge tag={tag} className="ring-1 ring-stone-200" />}
            <OpportunityTypeTag type={opportunity.type} />
            {hasApplied && (
              <span className="inline-flex items-center gap-1 font-semibold text-emerald-800 text-xs">
                <CircleCheck aria-hidden className="size-3.5" />
                Applied
              </span>
            )}
          </div>
        </div>
        <h3 className="font-semibold text-lg text-stone-900 leading-snug">
          <Link
            to={paths.opportunity(opportunity.id)}
            className="outline-none after:absolute after:inset-0 hover:text-saffron-800"
          >
            {opportunity.title}
          </Link>
        </h3>
        {opportunity.startsAt !== null && (
          <p className="flex items-center gap-1.5 font-medium text-sm text-stone-800">
            <CalendarDays aria-hidden className="size-4 shrink-0 text-saffron-700" />
            <time dateTime={opportunity.startsAt}>{formatCompactDate(opportunity.startsAt)}</time>
          </p>
        )}
        <p className="line-clamp-2 text-sm text-stone-700 sm:line-clamp-3">{opportunity.shortDescription}</p>
        <dl className="mt-auto grid grid-cols-3 gap-2 border-stone-100 border-t pt-3 text-stone-700 text-xs">
          <CardFact icon={Coins} label="Coins/hour" value={String(opportunity.coinsPerHour)} />
          <CardFact
            icon={Clock}
            label="Duration"
            value={durationText(opportunity.duration, opportunity.customDuration)}
          />
          <CardFact icon={Users} label="Applicants" value={String(opportunity._count.applications)} />
        </dl>
      </div>
    </article>
  );
}

function TrendBadge({ tag, className }: { tag: TrendTag; className?: string }) {
  const TagIcon = tag === "Hot" ? Flame : Sparkles;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-1 font-semibold text-xs",
        tag === "Hot" ? "bg-red-700 text-white" : "bg-white text-indigo-900",
        className,
      )}
    >
      <TagIcon aria-hidden className="size-3.5" />
      {tag}
    </span>
  );
}

function CardFact({ icon: Icon, label, value }: { icon: typeof Coins; label: string; value: string }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5">
      <dt className="flex items-center gap-1 text-stone-600">
        <Icon aria-hidden className="size-3.5 shrink-0" />
        {label}
      </dt>
      <dd className="line-clamp-3 break-words font-semibold text-stone-900" title={value}>
        {value}
      </dd>
    </div>
  );
}

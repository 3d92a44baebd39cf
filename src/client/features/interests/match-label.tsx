import { TYPE_LABELS } from "@client/lib/opportunity-labels";
import { paths } from "@client/lib/paths";
import type { OpportunityType } from "@shared/domain/enums";
import type { Interests } from "@shared/domain/interests";
import { hasInterests, interestMatch, isPartialMatch, isPerfectMatch } from "@shared/domain/interests";
import { Sparkles } from "lucide-react";
import { Link } from "react-router";

/**
 * How an opportunity meets the student's interests (ADR 0035): 'Perfect Match' only for a real match, a quiet
 * 'Matches your interests: …' for a partial one, nothing otherwise.
 */
export function InterestMatchLabel({
  interests,
  opportunity,
}: {
  interests: Interests;
  opportunity: { skills: readonly string[]; type: OpportunityType };
}) {
  const match = interestMatch(interests, opportunity);
  if (isPerfectMatch(match)) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-indigo-100 px-2.5 py-0.5 font-semibold text-indigo-900 text-xs">
        <Sparkles aria-hidden className="size-3.5" />
        Perfect Match
      </span>
    );
  }
  if (!isPartialMatch(match)) return null;
  const matched = match.isTypeMatch ? [TYPE_LABELS[opportunity.type], ...match.skills] : match.skills;
  return <span className="text-indigo-900 text-xs">{`Matches your interests: ${matched.join(", ")}`}</span>;
}

/** For a student who has chosen no interests: where to choose them. */
export function ChooseInterestsHint({ interests }: { interests: Interests }) {
  if (hasInterests(interests)) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-stone-700">
      <Sparkles aria-hidden className="size-4 shrink-0 text-indigo-700" />
      <Link to={paths.profileInterests} className="font-medium text-indigo-800 underline underline-offset-2">
        Choose your interests for better recommendations
      </Link>
    </p>
  );
}

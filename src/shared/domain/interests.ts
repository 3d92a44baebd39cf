// What a student would like to do, matched against an opportunity (docs/product-rules.md §12, ADR 0035). Pure:
// the server ranks 'Recommended' by `score`, the client labels cards with `isPerfectMatch` and the matched skills.
import type { OpportunityType, Skill } from "./enums";

export interface Interests {
  skills: readonly Skill[];
  types: readonly OpportunityType[];
}

export interface InterestMatch {
  /** The opportunity's skills the student chose, in the opportunity's order. */
  skills: string[];
  /** The opportunity's type is one of the causes the student chose. */
  isTypeMatch: boolean;
  /** Shared skills, plus one for the type: 'Recommended' ranks by it, then by reward. */
  score: number;
}

export function hasInterests(interests: Interests): boolean {
  return interests.skills.length > 0 || interests.types.length > 0;
}

export function interestMatch(
  interests: Interests,
  opportunity: { skills: readonly string[]; type: OpportunityType },
): InterestMatch {
  const chosen = new Set<string>(interests.skills);
  const skills = [...new Set(opportunity.skills)].filter((skill) => chosen.has(skill));
  const isTypeMatch = interests.types.includes(opportunity.type);
  return { skills, isTypeMatch, score: skills.length + (isTypeMatch ? 1 : 0) };
}

/**
 * A real match, worth the 'Perfect Match' label: the cause is one the student chose and at least one skill is
 * shared, or (whatever the cause) at least two skills are shared. One shared skill alone, or the cause alone,
 * is only a partial match ('Matches your interests').
 */
export function isPerfectMatch(match: InterestMatch): boolean {
  return (match.isTypeMatch && match.skills.length >= 1) || match.skills.length >= 2;
}

/** Some overlap, but not a perfect match: worth a quieter hint. */
export function isPartialMatch(match: InterestMatch): boolean {
  return match.score > 0 && !isPerfectMatch(match);
}

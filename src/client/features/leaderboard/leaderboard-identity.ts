// How a leaderboard row names its student. The server removes the name of an anonymous student for every
// other viewer; the page's own 'Anonymize All' switch hides the remaining names too.

import { initialsOf } from "@client/lib/initials";
import type { LeaderboardEntry } from "@shared/contract/leaderboard";

export interface RowIdentity {
  name: string;
  initials: string;
  isAnonymous: boolean;
}

type NamedEntry = Pick<LeaderboardEntry, "firstName" | "lastName" | "rank">;

/** Rank 7 → 'Student #007' (docs/product-spec.md §2: the rank padded to three digits). */
export function anonymousName(rank: number): string {
  return `Student #${String(rank).padStart(3, "0")}`;
}

export function rowIdentity(entry: NamedEntry, anonymizeAll = false): RowIdentity {
  if (anonymizeAll || entry.firstName === null) {
    return { name: anonymousName(entry.rank), initials: "??", isAnonymous: true };
  }
  const lastName = entry.lastName ?? "";
  return {
    name: `${entry.firstName} ${lastName}`.trim(),
    initials: initialsOf(entry.firstName, lastName),
    isAnonymous: false,
  };
}

/** The home page's Top Contributors name anonymous students without a number. */
export function contributorIdentity(entry: NamedEntry): RowIdentity {
  const identity = rowIdentity(entry);
  return identity.isAnonymous ? { ...identity, name: "Anonymous Student" } : identity;
}

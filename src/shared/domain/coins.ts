// Coins, levels and caps (docs/product-spec.md §9, docs/product-rules.md §3). Pure functions used by the
// server's decisions and the client's previews alike.
import { DEFAULT_COINS_PER_HOUR } from "./limits";

export const COINS_PER_LEVEL = 100;

export function levelFor(coins: number): number {
  return Math.floor(Math.max(0, coins) / COINS_PER_LEVEL) + 1;
}

export function nextLevelTarget(coins: number): number {
  return Math.ceil((Math.max(0, coins) + 1) / COINS_PER_LEVEL) * COINS_PER_LEVEL;
}

export function levelProgress(coins: number): number {
  return Math.max(0, coins) % COINS_PER_LEVEL;
}

/** What is still payable on an application before its total reaches the opportunity's cap. */
export function remainingUnderCap(alreadyAwarded: number, maxCoins: number): number {
  return Math.max(0, maxCoins - alreadyAwarded);
}

/** The admin's amount is a suggestion: the award never takes the application past the cap. */
export function boundedAward(requested: number, alreadyAwarded: number, maxCoins: number): number {
  return Math.max(0, Math.min(requested, remainingUnderCap(alreadyAwarded, maxCoins)));
}

/** Hours at the opportunity's rate, before any cap: submitted hours × coins per hour (10 when missing). */
export function coinsAtRate(hours: number, coinsPerHour: number | null | undefined): number {
  return Math.round(hours * (coinsPerHour || DEFAULT_COINS_PER_HOUR));
}

export interface AwardBasis {
  /** The hours submitted (or, when completing, entered). */
  hours: number;
  coinsPerHour: number | null | undefined;
  /** The opportunity's cap on one application's coins; none when missing. */
  maxCoins: number | null | undefined;
  /** Coins the application has already earned. */
  alreadyAwarded: number;
}

/**
 * The one coin amount of a piece of work (ADR 0024): what the student is shown when submitting hours and on
 * their card, and what every Approve (one click or dialog) and the completion dialog start at. Hours × rate,
 * capped by what is left under the opportunity's cap. The server bounds whatever the admin sends with the
 * same cap (`boundedAward`), so approving this amount pays exactly this amount.
 */
export function expectedAward({ hours, coinsPerHour, maxCoins, alreadyAwarded }: AwardBasis): number {
  const atRate = coinsAtRate(hours, coinsPerHour);
  return maxCoins ? boundedAward(atRate, alreadyAwarded, maxCoins) : Math.max(0, atRate);
}

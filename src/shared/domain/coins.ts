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

/** Quick approve: submitted hours × coins per hour (10 when missing). */
export function quickApproveCoins(hours: number, coinsPerHour: number | null | undefined): number {
  return Math.round(hours * (coinsPerHour || DEFAULT_COINS_PER_HOUR));
}

/** The student's preview and the completion dialog's suggestion: the lower of hours × rate and the cap. */
export function previewCoins(
  hours: number,
  coinsPerHour: number | null | undefined,
  maxCoins: number | null | undefined,
) {
  return Math.min(quickApproveCoins(hours, coinsPerHour), maxCoins || 100);
}

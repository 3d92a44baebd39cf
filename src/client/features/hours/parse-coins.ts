import { MAX_COINS_PER_DECISION } from "@shared/domain/limits";

/** A whole number of coins above 0, else null (the Approve button stays disabled). */
export function parseCoins(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const coins = Number(text);
  return coins > 0 && coins <= MAX_COINS_PER_DECISION ? coins : null;
}

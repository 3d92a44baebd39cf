// How the one coin amount of a piece of work (expectedAward, ADR 0024) is explained, in the same words to the
// student who submits the hours and to the admin who approves them.
import { type AwardBasis, coinsAtRate, expectedAward } from "@shared/domain/coins";
import { DEFAULT_COINS_PER_HOUR } from "@shared/domain/limits";

/** '8 h × 15/h', and what the cap leaves when it cuts the amount: '8 h × 15/h = 120, 100 left under the cap'. */
export function awardBreakdown(basis: AwardBasis): string {
  const rate = basis.coinsPerHour || DEFAULT_COINS_PER_HOUR;
  const product = `${basis.hours} h × ${rate}/h`;
  const atRate = coinsAtRate(basis.hours, basis.coinsPerHour);
  const amount = expectedAward(basis);
  return amount === atRate
    ? product
    : `${product} = ${atRate}, ${amount} left under the ${basis.maxCoins}-coin cap`;
}

/** 'The student was shown 120 coins (8 h × 15/h).': what every Approve says beside its amount. */
export function shownToStudentText(basis: AwardBasis): string {
  const amount = expectedAward(basis);
  return `The student was shown ${amount} ${amount === 1 ? "coin" : "coins"} (${awardBreakdown(basis)}).`;
}

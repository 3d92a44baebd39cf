// Figures as Indian readers write them: lakh and crore grouping (1,23,456), at most one decimal.
//
// Written out rather than asked of Intl.NumberFormat("en-IN"): creating that formatter loads the locale's
// number data, a long task of its own on a phone (about 60 ms at Lighthouse's 4x slowdown) on the admin
// dashboard's way to its first paint (ADR 0046, addendum). The result is the same, digit for digit
// (format-number.test.ts compares them); the rare figure outside the short way (10^14 or more, or written with an
// exponent) still goes to Intl.
let intlFormat: Intl.NumberFormat | undefined;

// Tenths below it are exact in a double (2^53 ≈ 9 × 10^15).
const LARGEST_WRITTEN_OUT = 1e14;

/** 1,23,45,678: the last three digits, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const pairs = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  return `${pairs},${digits.slice(-3)}`;
}

export function formatNumber(value: number): string {
  const magnitude = Math.abs(value);
  // The shortest decimal that reads back as the value, as Intl rounds it (0.15 → "0.15" → 0.2).
  const decimal = String(magnitude);
  if (!(magnitude < LARGEST_WRITTEN_OUT) || decimal.includes("e")) {
    intlFormat ??= new Intl.NumberFormat("en-IN", { maximumFractionDigits: 1 });
    return intlFormat.format(value);
  }
  const [whole = "0", fraction = ""] = decimal.split(".");
  // Tenths, rounded half away from zero (Intl's "halfExpand").
  const tenths = Number(whole) * 10 + Number(fraction[0] ?? 0) + (Number(fraction[1] ?? 0) >= 5 ? 1 : 0);
  const units = Math.floor(tenths / 10);
  const tenth = tenths % 10;
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${groupIndian(String(units))}${tenth === 0 ? "" : `.${tenth}`}`;
}

/** 1 → "1 application", 1234 → "1,234 applications". */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

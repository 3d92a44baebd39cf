// Figures as Indian readers write them: lakh and crore grouping (1,23,456), at most one decimal.
const numberFormat = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 1 });

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** 1 → "1 application", 1234 → "1,234 applications". */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

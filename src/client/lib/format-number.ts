// Figures as Indian readers write them: lakh and crore grouping (1,23,456), at most one decimal; written out
// without Intl, whose first formatter holds up a page's first paint (ADR 0082).
import { indianFigure } from "@shared/domain/written-out";

export const formatNumber = indianFigure;

/** 1 → "1 application", 1234 → "1,234 applications". */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

// The words of the analytics screen: engagement insights, performance notes and the summary, derived from
// the figures alone so they can be tested without a browser.

import { formatCount, formatNumber } from "@client/lib/format-number";
import { TYPE_LABELS } from "@client/lib/opportunity-labels";
import type { Analytics } from "@shared/contract/analytics";
import { dayLabel } from "./day-label";
import { percentChange } from "./percent-change";

/** Applications by type, most chosen first; equal counts keep the server's order. */
export function byCountDescending<Entry extends { count: number }>(entries: readonly Entry[]): Entry[] {
  return entries.toSorted((a, b) => b.count - a.count);
}

/** docs/product-spec.md §2: a completion rate above this earns a different, celebratory note. */
export const CELEBRATED_COMPLETION_RATE = 80;

export interface Insight {
  title: string;
  text: string;
}

export type NoteTone = "celebrate" | "positive" | "attention" | "neutral";

export interface Note {
  tone: NoteTone;
  text: string;
}

function share(part: number, whole: number): string {
  return `${formatNumber(whole === 0 ? 0 : (part / whole) * 100)}%`;
}

export function engagementInsights(analytics: Analytics): Insight[] {
  const total = analytics.totalApplications;
  const days = analytics.applicationsOverTime;
  if (total === 0) {
    return [
      {
        title: "Waiting for the first applications",
        text: `No student applied in the last ${analytics.dateRange} days. Publishing a fresh opportunity usually gets things moving.`,
      },
    ];
  }
  const [topType] = byCountDescending(analytics.applicationsByType);
  const busiest = days.reduce(
    (best, day) => (day.count > best.count ? day : best),
    days[0] ?? { date: "", count: 0 },
  );
  const activeDays = days.filter((day) => day.count > 0).length;
  const insights: Insight[] = [];
  if (topType && topType.count > 0) {
    insights.push({
      title: "Most popular activity",
      text: `${TYPE_LABELS[topType.type]} drew ${share(topType.count, total)} of applications (${formatNumber(topType.count)} of ${formatNumber(total)}).`,
    });
  }
  if (busiest.date) {
    insights.push({
      title: "Busiest day",
      text: `${dayLabel(busiest.date)}, with ${formatCount(busiest.count, "application")}.`,
    });
  }
  insights.push({
    title: "Days with applications",
    text: `Students applied on ${formatNumber(activeDays)} of ${formatCount(days.length, "day")}, ${formatNumber(total / Math.max(days.length, 1))} applications a day on average.`,
  });
  insights.push({
    title: "Interest per opportunity",
    text: `Each opportunity drew ${formatNumber(analytics.averageApplyRate)} applications on average.`,
  });
  return insights;
}

export function performanceNotes(analytics: Analytics): Note[] {
  const notes: Note[] = [];
  const rate = analytics.completionRate;
  if (analytics.totalApplications === 0) {
    notes.push({ tone: "neutral", text: "The completion rate appears once students apply." });
  } else if (rate > CELEBRATED_COMPLETION_RATE) {
    notes.push({
      tone: "celebrate",
      text: `Outstanding follow-through! ${formatNumber(rate)}% of applications reached approved hours or completion. Thank your volunteers.`,
    });
  } else if (rate >= 50) {
    notes.push({
      tone: "positive",
      text: `A healthy completion rate of ${formatNumber(rate)}%. Reminding accepted students to log their hours can lift it above ${CELEBRATED_COMPLETION_RATE}%.`,
    });
  } else {
    notes.push({
      tone: "attention",
      text: `Only ${formatNumber(rate)}% of applications are completed so far. Follow up with accepted students and review submitted hours promptly.`,
    });
  }

  const period = `the previous ${analytics.dateRange} days`;
  const applications = percentChange(analytics.totalApplications, analytics.previousPeriod.totalApplications);
  if (applications.kind === "new") {
    notes.push({ tone: "positive", text: `Applications have started: there were none in ${period}.` });
  } else if (applications.kind === "percent") {
    const size = `${formatNumber(Math.abs(applications.percent))}%`;
    if (applications.percent > 0) {
      notes.push({ tone: "positive", text: `Applications are up ${size} on ${period}.` });
    } else if (applications.percent < 0) {
      notes.push({
        tone: "attention",
        text: `Applications are down ${size} on ${period}. Consider promoting open opportunities.`,
      });
    } else {
      notes.push({ tone: "neutral", text: `Applications held steady compared with ${period}.` });
    }
  }
  return notes;
}

export function summaryText(analytics: Analytics): string {
  const days = analytics.applicationsOverTime;
  const first = days[0];
  const last = days.at(-1);
  const span = first && last ? ` (${dayLabel(first.date)} – ${dayLabel(last.date)})` : "";
  return [
    `In the last ${analytics.dateRange} days${span}, students made ${formatCount(analytics.totalApplications, "application")}`,
    ` to ${formatCount(analytics.totalOpportunities, "published opportunity", "published opportunities")},`,
    ` ${formatNumber(analytics.averageApplyRate)} per opportunity.`,
    ` ${formatNumber(analytics.completionRate)}% of them have approved hours or are completed.`,
  ].join("");
}

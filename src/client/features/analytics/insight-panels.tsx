import { Card } from "@client/components/ui/card";
import { cn } from "@client/lib/cn";
import type { Analytics } from "@shared/contract/analytics";
import { CircleAlert, Info, Lightbulb, type LucideIcon, PartyPopper, TrendingUp } from "lucide-react";
import { engagementInsights, type NoteTone, performanceNotes } from "./insights";

export function EngagementInsights({ analytics }: { analytics: Analytics }) {
  return (
    <Card className="p-5">
      <ul className="grid gap-4">
        {engagementInsights(analytics).map((insight) => (
          <li key={insight.title} className="flex gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-saffron-100 text-saffron-800">
              <Lightbulb aria-hidden className="size-4" />
            </span>
            <div className="grid gap-0.5">
              <h3 className="font-semibold text-sm text-stone-900">{insight.title}</h3>
              <p className="text-sm text-stone-700">{insight.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const toneStyles: Record<NoteTone, { icon: LucideIcon; className: string }> = {
  celebrate: { icon: PartyPopper, className: "border-green-300 bg-green-50 text-green-900" },
  positive: { icon: TrendingUp, className: "border-indigo-200 bg-indigo-50 text-indigo-950" },
  attention: { icon: CircleAlert, className: "border-amber-300 bg-amber-50 text-amber-950" },
  neutral: { icon: Info, className: "border-stone-200 bg-white text-stone-800" },
};

export function PerformanceNotes({ analytics }: { analytics: Analytics }) {
  return (
    <ul className="grid gap-3">
      {performanceNotes(analytics).map((note) => {
        const { icon: Icon, className } = toneStyles[note.tone];
        return (
          <li
            key={note.text}
            className={cn("flex gap-3 rounded-2xl border p-4 text-sm shadow-sm", className)}
          >
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
            <p>{note.text}</p>
          </li>
        );
      })}
    </ul>
  );
}

import { LoadError } from "@client/components/ui/load-error";
import { Skeleton } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/cn";
import type { ApplicationEvent } from "@shared/contract/timeline";
import type { ApplicationEventKind } from "@shared/domain/enums";
import {
  BadgeCheck,
  CircleCheck,
  CircleX,
  Clock,
  Coins,
  FileText,
  Flag,
  LogOut,
  type LucideIcon,
  Mail,
  RotateCcw,
  ShieldAlert,
  Trophy,
} from "lucide-react";
import { useApplicationTimeline } from "./api";
import { describeEvent, formatIndiaDateTime } from "./timeline-sentence";

const STEP_ICON: Record<ApplicationEventKind, { icon: LucideIcon; className: string }> = {
  applied: { icon: FileText, className: "bg-stone-100 text-stone-700" },
  accepted: { icon: CircleCheck, className: "bg-green-100 text-green-800" },
  rejected: { icon: CircleX, className: "bg-red-100 text-red-800" },
  reconsidered: { icon: RotateCcw, className: "bg-green-100 text-green-800" },
  withdrawn: { icon: LogOut, className: "bg-stone-100 text-stone-700" },
  hours_submitted: { icon: Clock, className: "bg-violet-100 text-violet-800" },
  verification_requested: { icon: Mail, className: "bg-sky-100 text-sky-800" },
  verified: { icon: BadgeCheck, className: "bg-sky-100 text-sky-800" },
  disputed: { icon: ShieldAlert, className: "bg-amber-100 text-amber-900" },
  hours_approved: { icon: Coins, className: "bg-saffron-100 text-saffron-900" },
  hours_rejected: { icon: Flag, className: "bg-red-100 text-red-800" },
  completed: { icon: Trophy, className: "bg-green-100 text-green-800" },
};

/** Every step of one application, oldest first: what happened, who did it, when (India time) and their note. */
export function ApplicationTimeline({ applicationId }: { applicationId: number }) {
  const timeline = useApplicationTimeline(applicationId);
  if (timeline.isPending) return <Skeleton className="h-24" />;
  if (timeline.isError) {
    return <LoadError what="the timeline" error={timeline.error} onRetry={() => timeline.refetch()} />;
  }
  return <TimelineSteps events={timeline.data} />;
}

export function TimelineSteps({ events }: { events: readonly ApplicationEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-stone-700">No steps recorded yet.</p>;
  return (
    <ol aria-label="Application timeline" className="grid">
      {events.map((event, index) => {
        const words = describeEvent(event);
        const { icon: Icon, className } = STEP_ICON[event.kind];
        const isLast = index === events.length - 1;
        return (
          <li key={event.id} className="relative flex gap-3 pb-4 last:pb-0">
            {!isLast && <span aria-hidden className="absolute top-8 bottom-0 left-4 w-px bg-stone-200" />}
            <span
              aria-hidden
              className={cn(
                "relative flex size-8 shrink-0 items-center justify-center rounded-full",
                className,
              )}
            >
              <Icon className="size-4" />
            </span>
            <div className="grid min-w-0 gap-0.5 pt-1 text-sm">
              <p className="font-medium text-stone-900 [overflow-wrap:anywhere]">{words.sentence}</p>
              {words.byline && <p className="text-stone-700">{words.byline}</p>}
              <p className="text-stone-600 text-xs">
                <time dateTime={event.at}>{formatIndiaDateTime(event.at)}</time>
              </p>
              {words.quote && (
                <blockquote className="mt-1 border-stone-300 border-l-2 pl-3 text-stone-800 italic [overflow-wrap:anywhere]">
                  {`“${words.quote}”`}
                </blockquote>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

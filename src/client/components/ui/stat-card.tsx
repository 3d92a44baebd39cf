import { cn } from "@client/lib/cn";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

export type StatTone = "saffron" | "indigo" | "green" | "yellow" | "red" | "violet";

const toneClasses: Record<StatTone, { card: string; icon: string }> = {
  saffron: { card: "border-saffron-200 bg-white", icon: "bg-saffron-100 text-saffron-800" },
  indigo: { card: "border-indigo-200 bg-white", icon: "bg-indigo-100 text-indigo-800" },
  green: { card: "border-green-300 bg-green-50", icon: "bg-green-100 text-green-800" },
  yellow: { card: "border-amber-300 bg-amber-50", icon: "bg-amber-100 text-amber-800" },
  red: { card: "border-red-300 bg-red-50", icon: "bg-red-100 text-red-800" },
  violet: { card: "border-violet-200 bg-white", icon: "bg-violet-100 text-violet-800" },
};

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  tone?: StatTone;
  hint?: ReactNode;
}

/** One figure of a stats row. Place inside a <dl>: the label is its term, the value its description. */
export function StatCard({ label, value, icon: Icon, tone = "saffron", hint }: StatCardProps) {
  const classes = toneClasses[tone];
  // dt and dd must be direct children of the card (a div inside the dl), so the icon sits inside the dt.
  return (
    <div
      className={cn(
        "relative grid content-start gap-0.5 rounded-2xl border p-4 pl-[4.25rem] shadow-sm",
        classes.card,
      )}
    >
      <dt className="font-medium text-sm text-stone-700">
        <span
          className={cn(
            "absolute top-4 left-4 flex size-10 items-center justify-center rounded-xl",
            classes.icon,
          )}
        >
          <Icon aria-hidden className="size-5" />
        </span>
        {label}
      </dt>
      <dd className="font-bold text-2xl text-stone-900 leading-tight">{value}</dd>
      {hint && <dd className="text-stone-600 text-xs">{hint}</dd>}
    </div>
  );
}

import { cn } from "@client/lib/cn";
import { STATUS_LABELS, TYPE_LABELS } from "@client/lib/opportunity-labels";
import type { OpportunityStatus, OpportunityType } from "@shared/domain/enums";

const pillClasses = "inline-flex w-fit items-center rounded-full px-2.5 py-0.5 font-semibold text-xs";

const statusClasses: Record<OpportunityStatus, string> = {
  open: "bg-emerald-100 text-emerald-900",
  closed: "bg-stone-200 text-stone-800",
  filled: "bg-indigo-100 text-indigo-900",
};

export function OpportunityStatusBadge({ status }: { status: OpportunityStatus }) {
  return <span className={cn(pillClasses, statusClasses[status])}>{STATUS_LABELS[status]}</span>;
}

export function OpportunityTypeTag({ type, className }: { type: OpportunityType; className?: string }) {
  return (
    <span className={cn(pillClasses, "bg-saffron-100 text-saffron-900", className)}>{TYPE_LABELS[type]}</span>
  );
}

export function SkillTags({ skills }: { skills: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {skills.map((skill) => (
        <li
          key={skill}
          className={cn(pillClasses, "bg-indigo-50 font-medium text-indigo-900 ring-1 ring-indigo-100")}
        >
          {skill}
        </li>
      ))}
    </ul>
  );
}

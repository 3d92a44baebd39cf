import { cn } from "@client/lib/cn";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  /** The heading level that fits where the empty state sits in the page outline. */
  headingLevel?: 1 | 2 | 3 | 4;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing: an icon, a title, a hint and an optional call to action. */
export function EmptyState({
  icon: Icon,
  title,
  headingLevel = 3,
  children,
  action,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-3 rounded-2xl border border-stone-300 border-dashed bg-white/60 px-6 py-10 text-center",
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-saffron-100 text-saffron-800">
        <Icon aria-hidden className="size-6" />
      </span>
      <Heading className="font-semibold text-stone-900">{title}</Heading>
      {children && <div className="max-w-md text-sm text-stone-700">{children}</div>}
      {action}
    </div>
  );
}

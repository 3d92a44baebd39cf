import { cn } from "@client/lib/cn";
import { type ReactNode, useId } from "react";

interface SectionProps {
  title: string;
  description?: ReactNode;
  /** Shown beside the title, e.g. a count or a "Create New" link. */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled region of a screen (an h2 that names the region for screen readers). */
export function Section({ title, description, action, children, className }: SectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn("grid content-start gap-4", className)}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={headingId} className="font-bold text-stone-900 text-xl tracking-tight">
            {title}
          </h2>
          {description && <p className="text-sm text-stone-700">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

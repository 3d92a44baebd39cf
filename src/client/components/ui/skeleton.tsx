import { cn } from "@client/lib/cn";
import type { ComponentProps } from "react";

/** A grey placeholder block shown while data loads; hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden className={cn("animate-pulse rounded-lg bg-stone-200/80", className)} {...props} />;
}

interface SkeletonListProps {
  count: number;
  /** The container's layout (grid, gaps, columns). */
  className: string;
  /** Each placeholder's size and shape. */
  itemClassName: string;
  /** Read to screen readers while the list loads; without one the placeholders are hidden from them. */
  label?: string;
}

/** `count` placeholder blocks standing in for a list while it loads. */
export function SkeletonList({ count, className, itemClassName, label }: SkeletonListProps) {
  return (
    <div aria-busy={label ? true : undefined} aria-hidden={label ? undefined : true} className={className}>
      {label ? <span className="sr-only">{label}</span> : null}
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <Skeleton key={index} className={itemClassName} />
      ))}
    </div>
  );
}

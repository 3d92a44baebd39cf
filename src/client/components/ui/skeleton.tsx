import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/** A grey placeholder block shown while data loads; hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden className={cn("animate-pulse rounded-lg bg-stone-200/80", className)} {...props} />;
}

import { cn } from "@client/lib/cn";
import type { ComponentProps } from "react";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("rounded-2xl border border-stone-200 bg-white shadow-sm", className)} {...props} />
  );
}

import { cn } from "@client/lib/cn";
import type { ComponentProps } from "react";

/** A multi-line text control, styled like Input and meant to sit inside a Field. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "block min-h-24 w-full rounded-lg border border-stone-500 bg-white px-3 py-2 text-base text-stone-900 shadow-xs sm:text-sm",
        "placeholder:text-stone-500 aria-invalid:border-red-700",
        className,
      )}
      {...props}
    />
  );
}

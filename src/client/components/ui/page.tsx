import { cn } from "@client/lib/cn";
import type { ComponentProps } from "react";

/** The centred content column of a screen. */
export function Page({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10", className)} {...props} />;
}

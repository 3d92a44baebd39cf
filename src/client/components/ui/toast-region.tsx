import { cn } from "@client/lib/cn";
import { dismissToast, useCurrentToast } from "@client/lib/toast";
import { TOAST_DURATION_MS } from "@shared/domain/limits";
import { X } from "lucide-react";
import { Toast } from "radix-ui";

const variantClasses = {
  default: "border-stone-200 bg-white text-stone-900",
  destructive: "border-red-800 bg-red-700 text-white",
} as const;

/**
 * Radix Toast with the spec's settings (docs/product-spec.md §9): ~5 s, swipe right past 50 px to dismiss, F8
 * focuses the region. Loaded with the first toast (./toaster.tsx).
 */
export function ToastRegion() {
  const entry = useCurrentToast();
  const variant = entry?.variant ?? "default";

  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {entry && (
        <Toast.Root
          key={entry.key}
          type={variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismissToast(entry.key);
          }}
          className={cn(
            "toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg",
            variantClasses[variant],
          )}
          data-variant={variant}
        >
          <div className="grid gap-1">
            <Toast.Title className="font-semibold text-sm">{entry.title}</Toast.Title>
            {entry.description && (
              <>
                {/* "Title - description" reads as one sentence, as docs/product-spec.md §8 writes it. */}
                <span className="sr-only"> - </span>
                <Toast.Description className="text-sm opacity-95">{entry.description}</Toast.Description>
              </>
            )}
          </div>
          <Toast.Close
            aria-label="Dismiss notification"
            className="absolute top-3 right-3 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:opacity-100"
          >
            <X aria-hidden className="size-4" />
          </Toast.Close>
        </Toast.Root>
      )}
      {/* Below lg, toasts show at the top: the bottom of a phone's screen holds the page's main action (the
          opportunity's Apply bar) and the thumb that reaches for it (ADR 0029). */}
      <Toast.Viewport className="fixed top-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 pt-[max(1rem,env(safe-area-inset-top))] outline-none sm:max-w-md lg:top-auto lg:bottom-0 lg:pt-4" />
    </Toast.Provider>
  );
}

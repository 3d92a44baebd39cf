import { cn } from "@client/lib/cn";
import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useRef } from "react";
import { Button, type ButtonVariant } from "./button";

export const DialogRoot = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Where focus goes as the dialog closes; by default back to the trigger. */
  onCloseAutoFocus?: (event: Event) => void;
  /**
   * False for a question that must be answered: no close button, and neither Escape nor a click outside closes
   * it. Focus is still trapped inside, so the page behind cannot be reached either.
   */
  dismissible?: boolean;
}

/**
 * A modal dialog's panel: overlay, title, optional description and a close button. Radix traps focus inside,
 * closes on Escape and gives focus back to the trigger. A dialog that is not `dismissible` closes only when its
 * own answer closes it.
 */
export function DialogContent({
  title,
  description,
  children,
  className,
  onCloseAutoFocus,
  dismissible = true,
}: DialogContentProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay
        className="fixed inset-0 z-50 bg-stone-950/50"
        // A click beside a dialog that stays open would still move focus out of it, to the page's body, where
        // the keyboard reaches nothing until Tab brings it back; the mousedown's default is that move.
        {...(dismissible ? {} : { onMouseDown: keepOpen })}
      />
      <RadixDialog.Content
        // Without a description Radix must be told there is none, or it warns.
        {...(description ? {} : { "aria-describedby": undefined })}
        ref={contentRef}
        onOpenAutoFocus={(event) => focusFirstVisibleControl(event, contentRef.current)}
        onCloseAutoFocus={onCloseAutoFocus}
        {...(dismissible ? {} : { onEscapeKeyDown: keepOpen, onInteractOutside: keepOpen })}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid focus:outline-none max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl",
          className,
        )}
      >
        <div className={cn("grid gap-1.5", dismissible && "pr-8")}>
          <RadixDialog.Title className="font-semibold text-lg text-stone-900">{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className="text-sm text-stone-700">
              {description}
            </RadixDialog.Description>
          )}
        </div>
        {children}
        {dismissible && (
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-md p-1 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
          >
            <X aria-hidden className="size-4" />
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

function keepOpen(event: { preventDefault(): void }) {
  event.preventDefault();
}

const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Radix focuses the dialog's first control without scrolling to it. On a short screen (a phone held sideways,
 * 640×400) that control can sit below the fold of the scrolling panel, so focus would start off-screen (WCAG
 * 2.4.11). Then the panel itself takes focus at its top, where the title is, and Tab goes on from there.
 */
function focusFirstVisibleControl(event: Event, content: HTMLElement | null) {
  if (!content) return;
  event.preventDefault();
  const first = content.querySelector<HTMLElement>(TABBABLE);
  const panel = content.getBoundingClientRect();
  const box = first?.getBoundingClientRect();
  const visible = box !== undefined && box.top >= panel.top && box.bottom <= panel.bottom;
  (visible && first ? first : content).focus({ preventScroll: true });
}

/** The row of buttons at the bottom of a dialog: stacked on phones, right-aligned from `sm`. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>;
}

interface DialogSubmitActionsProps {
  /** The confirming button's text. */
  children: ReactNode;
  /** While the request runs: the confirming button spins and Cancel is disabled (the dialog stays open). */
  isPending: boolean;
  /** The confirming button stays disabled until there is something to send. */
  disabled?: boolean;
  variant?: ButtonVariant;
  /** Without it the confirming button submits its form; with it, a click calls it instead. */
  onConfirm?: () => void;
}

/** A form dialog's footer: Cancel, which closes it, and the confirming button. */
export function DialogSubmitActions({
  children,
  isPending,
  disabled,
  variant,
  onConfirm,
}: DialogSubmitActionsProps) {
  return (
    <DialogActions>
      <DialogClose asChild>
        <Button variant="outline" disabled={isPending}>
          Cancel
        </Button>
      </DialogClose>
      <Button
        type={onConfirm ? "button" : "submit"}
        variant={variant}
        disabled={disabled}
        isPending={isPending}
        onClick={onConfirm}
      >
        {children}
      </Button>
    </DialogActions>
  );
}

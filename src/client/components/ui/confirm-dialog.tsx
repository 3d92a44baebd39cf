import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button, type ButtonVariant, buttonClasses } from "./button";
import { DialogActions } from "./dialog";

export interface ConfirmDialogProps {
  open: boolean;
  /** Not called while the confirmed action runs: the dialog stays open until its answer. */
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog: its content and classes. Without it, `open` alone opens it. */
  trigger?: { label: ReactNode; className: string };
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  /** Destructive unless said otherwise. */
  confirmVariant?: ButtonVariant;
  isPending: boolean;
  onConfirm: () => void;
  /** Where focus goes as the dialog closes; by default back to what opened it. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A question that must be answered before an action with lasting effects: Cancel, or the confirming button, which
 * spins while the action runs. An alert dialog: focus starts on Cancel and Escape cancels.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  confirmVariant = "destructive",
  isPending,
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      {trigger && <AlertDialog.Trigger className={trigger.className}>{trigger.label}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/50" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl bg-white p-6 shadow-2xl"
        >
          <AlertDialog.Title className="break-words font-semibold text-lg text-stone-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-stone-700">{description}</AlertDialog.Description>
          <DialogActions>
            <AlertDialog.Cancel className={buttonClasses("outline")} disabled={isPending}>
              Cancel
            </AlertDialog.Cancel>
            {/* A plain button rather than AlertDialog.Action, which would close the dialog before the answer. */}
            <Button variant={confirmVariant} isPending={isPending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

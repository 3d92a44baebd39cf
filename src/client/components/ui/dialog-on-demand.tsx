// A button whose dialog's code loads when it is wanted, not with the screen (ADR 0046). A list with a dialog on
// every row (the admin dashboard's queues: Timeline, Reject, Approve) otherwise renders a Radix dialog root per
// row and carries the dialog library in its first chunk, both paid before the page can paint on a phone. Here the
// trigger is a plain button; the dialog module is fetched once the page is idle (or as a pointer or focus reaches
// the button), and the dialog is mounted on the first click.

import { whenIdle } from "@client/lib/when-idle";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";

/** What a dialog loaded on demand is given besides its own props. */
export interface OnDemandDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gives focus back to the button that opened it, which sits outside the dialog's own root. */
  onCloseAutoFocus: (event: Event) => void;
}

export interface DialogModule<Props> {
  Dialog: ComponentType<Props & OnDemandDialogProps>;
  /** Starts fetching the dialog's code (once). */
  preload: () => void;
}

/**
 * A component to load on demand, from a module whose default export it is: the lazy component, and `preload` to
 * start fetching its code (once). A failed preload is tried again by the render that needs the component (lazy()
 * reports that one). Dialogs use it through `dialogOnDemand`; a menu whose trigger stands in for it until the code
 * is here (features/calendar/add-to-calendar.tsx) uses it directly.
 */
export function componentOnDemand<Props>(load: () => Promise<{ default: ComponentType<Props> }>): {
  Component: ComponentType<Props>;
  preload: () => void;
} {
  let loading: ReturnType<typeof load> | undefined;
  const once = () => {
    loading ??= load();
    return loading;
  };
  return {
    Component: lazy(once) as unknown as ComponentType<Props>,
    preload: () => {
      once().catch(() => {
        loading = undefined;
      });
    },
  };
}

/** A dialog component to load on demand, from a module whose default export it is. */
export function dialogOnDemand<Props>(
  load: () => Promise<{ default: ComponentType<Props & OnDemandDialogProps> }>,
): DialogModule<Props> {
  const { Component, preload } = componentOnDemand(load);
  return { Dialog: Component, preload };
}

interface DialogOnDemandProps<Props> {
  dialog: DialogModule<Props>;
  /** The dialog's own props. */
  props: Props;
  /** The trigger's content: its visible label and what screen readers hear besides. */
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Set both to hold the open state outside (to close the dialog once its action is done). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * The trigger of a dialog loaded on demand. It reads as Radix's trigger does (a button that opens a dialog,
 * expanded while it is open). Each opening mounts the dialog afresh, so its form starts empty as before.
 */
export function DialogOnDemand<Props>({
  dialog,
  props,
  children,
  variant,
  size,
  className,
  open: heldOpen,
  onOpenChange,
}: DialogOnDemandProps<Props>) {
  const [openings, setOpenings] = useState(0);
  const [ownOpen, setOwnOpen] = useState(false);
  const open = heldOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const button = useRef<HTMLButtonElement>(null);
  const { Dialog, preload } = dialog;
  useEffect(() => whenIdle(preload), [preload]);

  return (
    <>
      <Button
        ref={button}
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {openings > 0 && (
        <Suspense fallback={null}>
          <Dialog
            key={openings}
            {...props}
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

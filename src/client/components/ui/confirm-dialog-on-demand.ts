// The confirmation dialog (Radix's alert dialog) as a dialog loaded on demand (dialog-on-demand.tsx, ADR 0046):
// one module for every button that asks before a lasting action, so a screen with such a button does not carry
// the dialog library in the chunks it needs to paint.
import type { ConfirmDialogProps } from "./confirm-dialog";
import { dialogOnDemand, type OnDemandDialogProps } from "./dialog-on-demand";

export type ConfirmationProps = Omit<ConfirmDialogProps, keyof OnDemandDialogProps | "trigger">;

export const confirmDialogOnDemand = dialogOnDemand<ConfirmationProps>(() =>
  import("./confirm-dialog").then((module) => ({ default: module.ConfirmDialog })),
);

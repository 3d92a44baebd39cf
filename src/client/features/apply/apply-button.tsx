// The Apply button of an opportunity's page. Its dialog (Radix's dialog and checkbox) loads once the page is idle
// or the button is reached, not with the page: a student opening a shared link on a phone sees the opportunity
// sooner (ADR 0046).
import { DialogOnDemand, dialogOnDemand } from "@client/components/ui/dialog-on-demand";
import type { ApplyDialogProps } from "./apply-dialog";

const applyDialog = dialogOnDemand<ApplyDialogProps>(() => import("./apply-dialog"));

export function ApplyButton(props: ApplyDialogProps) {
  return (
    <DialogOnDemand dialog={applyDialog} props={props} size="lg" className="w-full">
      Apply
    </DialogOnDemand>
  );
}

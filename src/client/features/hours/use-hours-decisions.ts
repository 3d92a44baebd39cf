// The admin's decisions on the hours under review, with the spec's toasts (docs/product-spec.md §8). As with
// the status decision (features/applications/use-status-decision.ts), each row calls these hooks itself and
// awaits mutateAsync, because the refresh that follows often unmounts the row. Two wordings exist: the
// dashboard and the manager say 'Hours Approved!' / 'Hours Rejected'; the applications table says 'Hours
// approved successfully' / 'Hours rejected successfully'.

import { sentence, useDecisionFailure, withBadges } from "@client/lib/admin-decision";
import { toast } from "@client/lib/toast";
import { type ApproveHoursBody, useApproveHours, useRejectHours } from "./api";

export type DecisionWording = "summary" | "plain";

export function useApproveHoursDecision(wording: DecisionWording) {
  const mutation = useApproveHours();
  const onError = useDecisionFailure("Failed to approve hours");
  return {
    isPending: mutation.isPending,
    /** Sends `body` as it is: the coins it names are the coins awarded (the server may cut them at the cap). */
    async approve(id: number, body: ApproveHoursBody, onDone?: () => void) {
      try {
        const result = await mutation.mutateAsync({ id, body });
        // When the cap cut the award, the server's message says by how much.
        const summary = result.capped
          ? sentence(result.message)
          : `The student has been awarded ${result.coinsAwarded} coins for their work.`;
        toast(
          wording === "summary"
            ? { title: "Hours Approved!", description: withBadges(summary, result) }
            : {
                title: "Hours approved successfully",
                description: withBadges(sentence(result.message), result),
              },
        );
        onDone?.();
      } catch (error) {
        onError(error);
      }
    },
  };
}

export function useRejectHoursDecision(wording: DecisionWording) {
  const mutation = useRejectHours();
  const onError = useDecisionFailure("Failed to reject hours");
  return {
    isPending: mutation.isPending,
    async reject(id: number, feedback: string, onDone?: () => void) {
      try {
        await mutation.mutateAsync({ id, body: { feedback } });
        toast({
          title: wording === "summary" ? "Hours Rejected" : "Hours rejected successfully",
          description: "Your feedback has been sent to the student.",
        });
        onDone?.();
      } catch (error) {
        onError(error);
      }
    },
  };
}

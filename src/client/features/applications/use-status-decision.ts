// The admin's decision on one application's status, with the spec's toasts (docs/product-spec.md §8). Each row
// of a list calls this hook itself, so its buttons show their own pending state. It awaits mutateAsync rather
// than pass callbacks to mutate: the refresh that follows a decision often moves the row to another list,
// unmounting it, and React Query skips a call's callbacks once its component is gone.

import { sentence, useDecisionFailure, withBadges } from "@client/lib/admin-decision";
import { toast } from "@client/lib/toast";
import { type UpdateStatusBody, useUpdateApplicationStatus } from "./api";

export function useStatusDecision() {
  const mutation = useUpdateApplicationStatus();
  const onError = useDecisionFailure("Failed to update application status");
  return {
    isPending: mutation.isPending,
    async decide(id: number, body: UpdateStatusBody, onDone?: () => void) {
      try {
        const result = await mutation.mutateAsync({ id, body });
        toast({
          title: "Application status updated successfully",
          description: withBadges(sentence(result.message), result),
        });
        onDone?.();
      } catch (error) {
        onError(error);
      }
    },
  };
}

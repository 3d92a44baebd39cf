// The admin's decisions on one application, with the spec's toasts (docs/product-spec.md §8). Each row of a
// list calls these hooks itself, so its buttons show their own pending state. They await mutateAsync rather
// than pass callbacks to mutate: the refresh that follows a decision often moves the row to another list,
// unmounting it, and React Query skips a call's callbacks once its component is gone. Two wordings exist: the
// dashboard and the manager say 'Hours Approved!' / 'Hours Rejected'; the applications table says 'Hours
// approved successfully' / 'Hours rejected successfully'.

import { hasStatus } from "@client/lib/api-client";
import { refreshAfterAdminMutation } from "@client/lib/query-keys";
import { toast, toastFailure } from "@client/lib/toast";
import { ADMIN_LOGGED_OUT_NOTICE, useHandleLoggedOut } from "@client/lib/use-send-to-login";
import type { DecisionResult } from "@shared/contract/applications";
import { useQueryClient } from "@tanstack/react-query";
import {
  type ApproveHoursBody,
  type UpdateStatusBody,
  useApproveHours,
  useRejectHours,
  useUpdateApplicationStatus,
} from "./api";

export type DecisionWording = "summary" | "plain";

const RETRY_HINT = "Please try again.";

/** The server's messages have no full stop; toasts read as sentences. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function withBadges(text: string, result: DecisionResult): string {
  if (result.badgesEarned.length === 0) return text;
  const label = result.badgesEarned.length === 1 ? "Badge earned" : "Badges earned";
  return `${text} ${label}: ${result.badgesEarned.join(", ")}.`;
}

/** The failure handling every decision shares: sign in again on 401, refresh the lists after a 409. */
function useDecisionFailure(title: string): (error: unknown) => void {
  const queryClient = useQueryClient();
  const handleLoggedOut = useHandleLoggedOut(ADMIN_LOGGED_OUT_NOTICE);
  return (error) => {
    if (handleLoggedOut(error)) return;
    // Someone else decided first: show what the application looks like now.
    if (hasStatus(error, 409)) void refreshAfterAdminMutation(queryClient);
    toastFailure(error, title, RETRY_HINT);
  };
}

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

export function useApproveHoursDecision(wording: DecisionWording) {
  const mutation = useApproveHours();
  const onError = useDecisionFailure("Failed to approve hours");
  return {
    isPending: mutation.isPending,
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
        await mutation.mutateAsync({ id, feedback });
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

// What an admin's decisions share, on an application (features/applications) and on its hours (features/hours):
// the mutation and the refresh that follows it, and the wording and failure handling of their toasts
// (docs/product-spec.md §8).

import type { DecisionResult } from "@shared/contract/applications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { hasStatus } from "./api-client";
import { refreshAfterAdminMutation, refreshAfterDecision } from "./query-keys";
import { toastFailure } from "./toast";
import { ADMIN_LOGGED_OUT_NOTICE, useHandleLoggedOut } from "./use-send-to-login";

const RETRY_HINT = "Please try again.";

/** A decision's call; on success, the admin lists, the applications and the badges it may have awarded reload. */
export function useDecisionMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshAfterDecision(queryClient) });
}

/** The server's messages have no full stop; toasts read as sentences. */
export function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** `text`, followed by the badges the decision earned the student, if any. */
export function withBadges(text: string, result: DecisionResult): string {
  if (result.badgesEarned.length === 0) return text;
  const label = result.badgesEarned.length === 1 ? "Badge earned" : "Badges earned";
  return `${text} ${label}: ${result.badgesEarned.join(", ")}.`;
}

/** The failure handling every decision shares: sign in again on 401, refresh the lists after a 409. */
export function useDecisionFailure(title: string): (error: unknown) => void {
  const queryClient = useQueryClient();
  const handleLoggedOut = useHandleLoggedOut(ADMIN_LOGGED_OUT_NOTICE);
  return (error) => {
    if (handleLoggedOut(error)) return;
    // Someone else decided first: show what the application looks like now.
    if (hasStatus(error, 409)) void refreshAfterAdminMutation(queryClient);
    toastFailure(error, title, RETRY_HINT);
  };
}

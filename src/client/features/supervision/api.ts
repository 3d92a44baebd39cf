// The on-site supervisor's verification (supervision contract, docs/product-rules.md §10): what their e-mailed
// link asks, and their one answer. No account: the link's token is the only credential.
import { callApi } from "@client/lib/api-client";
import { supervisionContract } from "@client/lib/contract";
import { queryKeys } from "@client/lib/query-keys";
import type { BodyOf } from "@shared/contract/endpoint";
import { useMutation, useQuery } from "@tanstack/react-query";

export type SupervisionDecisionBody = BodyOf<typeof supervisionContract.decide>;

/** What the link asks and whether it is still open; 400 when not a link of Seva's, 410 when expired. */
export function useSupervisionRequest(token: string) {
  return useQuery({
    queryKey: queryKeys.supervisionLink(token),
    queryFn: () => callApi(supervisionContract.check, { body: { token } }),
    gcTime: 0,
    retry: false,
  });
}

/** Confirm or dispute, once (409 when the link was already answered or the school decided the hours). */
export function useSupervisionDecision() {
  return useMutation({
    mutationFn: (body: SupervisionDecisionBody) => callApi(supervisionContract.decide, { body }),
  });
}

// Certificates (certificates contract, docs/product-rules.md §11): the student's list, issuing one, revoking
// one, and what a code's public page shows.
import { callApi } from "@client/lib/api-client";
import { certificatesContract } from "@client/lib/contract";
import { queryKeys } from "@client/lib/query-keys";
import type { IssueCertificateBody } from "@shared/contract/certificates";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export function useOwnCertificates(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.ownCertificates,
    queryFn: () => callApi(certificatesContract.mine),
    enabled: options.enabled ?? true,
  });
}

export function useIssueCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueCertificateBody) => callApi(certificatesContract.issue, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.certificates }),
  });
}

/** Revokes; the list and the code's page are read again. */
export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(certificatesContract.revoke, { params: { code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.certificates }),
  });
}

export function useCertificateVerification(code: string) {
  return useQuery({
    queryKey: queryKeys.certificateVerification(code),
    queryFn: () => callApi(certificatesContract.verify, { params: { code } }),
    retry: false,
  });
}

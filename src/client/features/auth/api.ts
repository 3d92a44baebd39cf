// Session and account hooks: who is signed in, and the calls that change it (auth contract).

import { callApi, hasStatus } from "@client/lib/api-client";
import { authContract } from "@client/lib/contract";
import { closeLiveUpdates } from "@client/lib/live-updates";
import { reloadAt } from "@client/lib/navigation";
import { paths } from "@client/lib/paths";
import { queryKeys } from "@client/lib/query-keys";
import type { BodyOf } from "@shared/contract/endpoint";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  // 401 is the normal answer for a visitor, so it means "nobody", not a failure (docs/product-spec.md §4).
  queryFn: async () => {
    try {
      return await callApi(authContract.currentUser);
    } catch (error) {
      if (hasStatus(error, 401)) return null;
      throw error;
    }
  },
});

/** The signed-in user, or null. Any failure of the lookup also counts as signed out. */
export function useCurrentUser() {
  const { data, isPending } = useQuery(currentUserQuery);
  return { user: data ?? null, isPending };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    // The login answer holds only part of the user; load the whole record before anyone reads it, and answer it.
    mutationFn: async (body: BodyOf<typeof authContract.login>) => {
      await callApi(authContract.login, { body });
      return queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
    },
  });
}

/** How this server lets people in; fixed while it runs, so it is asked once per page load. */
export const signInOptionsQuery = queryOptions({
  queryKey: queryKeys.signInOptions,
  queryFn: () => callApi(authContract.signInOptions),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSignInOptions() {
  return useQuery(signInOptionsQuery);
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authContract.forgotPassword>) =>
      callApi(authContract.forgotPassword, { body }),
  });
}

/** Whether an e-mailed reset link still works, and for which address; asking does not use it up. */
export function useCheckResetLink(token: string | null) {
  return useQuery({
    queryKey: queryKeys.resetLink(token ?? ""),
    queryFn: () => callApi(authContract.checkResetLink, { body: { token: token ?? "" } }),
    enabled: token !== null,
    gcTime: 0,
  });
}

/**
 * Sets the new password of the link's account (`email`). The server ends every session of that account: when
 * this browser was signed in as it, the app forgets the user at once; signed in as someone else, it asks again.
 */
export function useResetPassword(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof authContract.resetPassword>) =>
      callApi(authContract.resetPassword, { body }),
    onSuccess: () => {
      const user = queryClient.getQueryData(currentUserQuery.queryKey);
      if (!user) return;
      if (user.email.toLowerCase() === email.toLowerCase()) {
        queryClient.setQueryData(currentUserQuery.queryKey, null);
      } else {
        void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      }
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authContract.register>) => callApi(authContract.register, { body }),
  });
}

/** Ends the session, then reloads the app at home so no signed-in data survives; also when the call fails. */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      try {
        await callApi(authContract.logout);
      } finally {
        closeLiveUpdates();
        reloadAt(paths.home);
      }
    },
  });
}

export function useDeleteAccount() {
  return useMutation({
    // The live stream goes first: deleting the account deletes its notifications, which the stream would announce
    // to a page whose session is about to end (its refetch would answer 401, 'You are logged out', over 'Account
    // Deleted'). Should the deletion fail, the 10 s poll keeps the bell current until the next page load.
    onMutate: () => closeLiveUpdates(),
    mutationFn: () => callApi(authContract.deleteAccount),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof authContract.changePassword>) =>
      callApi(authContract.changePassword, { body }),
    // A temporary password is no longer one (ADR 0025): the prompt reads this.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}

/** Keeps the temporary password for this session, once (ADR 0025). */
export function useSkipPasswordChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(authContract.skipPasswordChange),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof authContract.updateProfile>) =>
      callApi(authContract.updateProfile, { body }),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

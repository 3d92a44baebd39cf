import { LOGGED_OUT_REDIRECT_MS } from "@shared/domain/limits";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { isUnauthorizedError } from "./api-client";
import { loginReturningTo } from "./paths";
import { queryKeys } from "./query-keys";
import { type ToastInput, toast } from "./toast";

const LOGGED_OUT_NOTICE: ToastInput = {
  title: "You are logged out. Logging in again...",
  variant: "destructive",
};

/**
 * What admin mutations say instead (docs/product-spec.md §8): 'Unauthorized - You are logged out. Logging in
 * again...'.
 */
export const ADMIN_LOGGED_OUT_NOTICE: ToastInput = {
  title: "Unauthorized",
  description: "You are logged out. Logging in again...",
  variant: "destructive",
};

/**
 * Tells the user the session is gone and, after the spec's 0.5 s (docs/product-spec.md §8), opens the sign-in
 * page, which brings them back here afterwards. Returns a cancel function for callers that unmount before the
 * delay is over.
 */
export function useSendToLogin(notice: ToastInput = LOGGED_OUT_NOTICE): () => () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();

  return useCallback(() => {
    toast(notice);
    const timer = window.setTimeout(() => {
      // Forget the stale user first, or the sign-in page would take us for signed in and send us back.
      queryClient.setQueryData(queryKeys.currentUser, null);
      void navigate(loginReturningTo(`${pathname}${search}`), { replace: true });
    }, LOGGED_OUT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [notice, navigate, queryClient, pathname, search]);
}

/**
 * For mutation `onError`: when the server says the session has ended, starts the sign-in redirect and
 * returns true; otherwise returns false and the caller shows its own error.
 */
export function useHandleLoggedOut(notice?: ToastInput): (error: unknown) => boolean {
  const sendToLogin = useSendToLogin(notice);
  return useCallback(
    (error: unknown) => {
      if (!isUnauthorizedError(error)) return false;
      sendToLogin();
      return true;
    },
    [sendToLogin],
  );
}

/** For screens whose data failed to load because the session ended: starts the sign-in redirect. */
export function useSendToLoginWhenUnauthorized(...errors: unknown[]): void {
  const sendToLogin = useSendToLogin();
  const isLoggedOut = errors.some(isUnauthorizedError);
  useEffect(() => {
    if (isLoggedOut) return sendToLogin();
  }, [isLoggedOut, sendToLogin]);
}

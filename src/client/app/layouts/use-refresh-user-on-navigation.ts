import { currentUserQuery } from "@client/features/auth/api";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Reloads the signed-in user (coins above all) once per move to another screen, so an admin's decision shows
 * in the navigation bar on the student's next visit anywhere, without polling. A lookup still under way is
 * reused rather than repeated.
 */
export function useRefreshUserOnNavigation(): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (!queryClient.getQueryData(currentUserQuery.queryKey)) return;
    void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }, { cancelRefetch: false });
  }, [pathname, queryClient]);
}

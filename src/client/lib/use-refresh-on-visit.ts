import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

/**
 * Data loaded this recently is the copy this visit asked for, not one kept from an earlier visit: when the app
 * opens on a screen, its requests start before the first render (router.tsx, `prefetch`) and may have been
 * answered by the time the screen mounts.
 */
export const JUST_LOADED_MS = 2_000;

/**
 * Reloads the given queries once each time the calling screen is opened. Cached data never goes stale on its
 * own (docs/product-spec.md §9), yet another person's decision (an admin's, a student's new application)
 * changes these lists; a visit shows the cached copy at once and the fresh one a moment later. A load already
 * under way is reused, and data loaded in the last JUST_LOADED_MS is not asked for again.
 */
export function useRefreshOnVisit(...queryKeys: QueryKey[]): void {
  const queryClient = useQueryClient();
  const keys = useRef(queryKeys);
  useEffect(() => {
    const openedAt = Date.now();
    for (const queryKey of keys.current) {
      void queryClient.invalidateQueries(
        { queryKey, predicate: (query) => openedAt - query.state.dataUpdatedAt >= JUST_LOADED_MS },
        { cancelRefetch: false },
      );
    }
  }, [queryClient]);
}

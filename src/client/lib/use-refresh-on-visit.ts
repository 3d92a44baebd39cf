import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

/**
 * Reloads the given queries once each time the calling screen is opened. Cached data never goes stale on its
 * own (docs/product-spec.md §9), yet another person's decision (an admin's, a student's new application)
 * changes these lists; a visit shows the cached copy at once and the fresh one a moment later. A load already
 * under way is reused.
 */
export function useRefreshOnVisit(...queryKeys: QueryKey[]): void {
  const queryClient = useQueryClient();
  const keys = useRef(queryKeys);
  useEffect(() => {
    for (const queryKey of keys.current) {
      void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    }
  }, [queryClient]);
}

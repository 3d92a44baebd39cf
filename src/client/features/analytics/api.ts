// Analytics for administrators (analytics contract).

import { callApi } from "@client/lib/api-client";
import { analyticsContract } from "@client/lib/contract";
import { useQuery } from "@tanstack/react-query";

export function useAnalytics(dateRange: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["admin", "analytics", dateRange],
    queryFn: () => callApi(analyticsContract.get, { query: { dateRange } }),
    ...options,
  });
}

// Analytics for administrators (analytics contract).
import { useQuery } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { analyticsContract } from "../../lib/contract";

export function useAnalytics(dateRange: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["admin", "analytics", dateRange],
    queryFn: () => callApi(analyticsContract.get, { query: { dateRange } }),
    ...options,
  });
}

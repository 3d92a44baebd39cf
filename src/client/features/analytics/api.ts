// Analytics for administrators (analytics contract).
import { useQuery } from "@tanstack/react-query";
import { analyticsContract } from "../../../shared/contract/analytics";
import { callApi } from "../../lib/api-client";

export function useAnalytics(dateRange: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["admin", "analytics", dateRange],
    queryFn: () => callApi(analyticsContract.get, { query: { dateRange } }),
    ...options,
  });
}

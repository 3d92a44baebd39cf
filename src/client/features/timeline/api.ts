// Timeline hook (timeline contract): every step of one application, oldest first.
import { callApi } from "@client/lib/api-client";
import { timelineContract } from "@client/lib/contract";
import { queryKeys } from "@client/lib/query-keys";
import { useQuery } from "@tanstack/react-query";

export function useApplicationTimeline(applicationId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.applicationTimeline(applicationId),
    queryFn: () => callApi(timelineContract.get, { params: { id: applicationId } }),
    ...options,
  });
}

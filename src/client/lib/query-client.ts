import { QueryClient } from "@tanstack/react-query";

// docs/product-spec.md §9: data is fetched once and kept until a mutation invalidates it; nothing refetches
// or retries on its own. Screens that need polling (the opportunity lists) opt in per query.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

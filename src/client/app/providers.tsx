import { QueryClientProvider } from "@tanstack/react-query";
import { Tooltip } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Toaster } from "../components/ui/toaster";
import { createQueryClient } from "../lib/query-client";

/** App-wide providers: data cache, tooltip timing (spec §9) and the toast region. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        {children}
        <Toaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}

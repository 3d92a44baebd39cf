import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "../components/ui/toaster";
import { createQueryClient } from "../lib/query-client";

interface AppProvidersProps {
  /** The data cache, when the app has filled it before its first render (main.tsx); else a new one. */
  queryClient?: QueryClient;
  children: ReactNode;
}

/** App-wide providers: the data cache and the toast region. */
export function AppProviders({ queryClient: givenClient, children }: AppProvidersProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}

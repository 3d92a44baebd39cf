import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client";
import { JUST_LOADED_MS, useRefreshOnVisit } from "./use-refresh-on-visit";

const KEY = ["admin", "list"];

/** A screen showing one list and refreshing it on each visit, as the admin dashboard does. */
function Screen({ load }: { load: () => Promise<string> }) {
  const { data } = useQuery({ queryKey: KEY, queryFn: load });
  useRefreshOnVisit(["admin"]);
  return <p>{data ?? "loading"}</p>;
}

function visit(queryClient: ReturnType<typeof createQueryClient>, load: () => Promise<string>) {
  return render(
    <QueryClientProvider client={queryClient}>
      <Screen load={load} />
    </QueryClientProvider>,
  );
}

describe("useRefreshOnVisit", () => {
  it("shows the copy kept from an earlier visit, then loads it again", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(KEY, "kept", { updatedAt: Date.now() - 60_000 });
    const load = vi.fn(async () => "fresh");
    visit(queryClient, load);
    expect(screen.getByText("kept")).toBeTruthy();
    await screen.findByText("fresh");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not ask again for data loaded for this visit just before the screen mounted", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(KEY, "just loaded", { updatedAt: Date.now() - JUST_LOADED_MS / 4 });
    const load = vi.fn(async () => "again");
    visit(queryClient, load);
    // Give a refetch, had one started, the time to be asked for and answered.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText("just loaded")).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it("reuses a load already under way (a prefetch started before the first render)", async () => {
    const queryClient = createQueryClient();
    let answer: (value: string) => void = () => undefined;
    const load = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    void queryClient.prefetchQuery({ queryKey: KEY, queryFn: load });
    visit(queryClient, load);
    answer("prefetched");
    await screen.findByText("prefetched");
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

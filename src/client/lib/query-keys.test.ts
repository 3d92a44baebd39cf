// After an admin's change the lists it moved are asked again, even one whose first answer was still on its way when
// the change was made (found in the browser journey: a search typed just before closing an opportunity kept showing
// it as open).
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { refreshAfterAdminMutation } from "./query-keys";

describe("refreshAfterAdminMutation", () => {
  it("asks again for a list whose first answer, read before the change, is still on its way", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers: ((value: string) => void)[] = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: ["admin", "opportunities", { search: "Reading Club" }],
      queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
    });
    const seen: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    expect(answers).toHaveLength(1);

    // The change commits while the first answer is in flight; that answer arrives after the refresh began.
    const refreshed = refreshAfterAdminMutation(queryClient);
    await new Promise((resolve) => setTimeout(resolve, 0));
    answers[0]?.("open, read before the change");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answers).toHaveLength(2);
    answers[1]?.("closed");
    await refreshed;

    expect(observer.getCurrentResult().data).toBe("closed");
    expect(seen).not.toContain("open, read before the change");
    unsubscribe();
    queryClient.clear();
  });
});

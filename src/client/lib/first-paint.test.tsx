import { act, render, screen } from "@testing-library/react";
import { type ReactNode, startTransition, useLayoutEffect } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

// A fresh module each test: whether the app has committed its first screen is the module's own state.
let firstPaint: typeof import("./first-paint");
beforeEach(async () => {
  vi.resetModules();
  firstPaint = await import("./first-paint");
});

/** A screen that says in each commit whether it drew its data. */
function Screen({ commits }: { commits: boolean[] }) {
  const drawn = firstPaint.useDrawnAfterFirstPaint();
  useLayoutEffect(() => {
    commits.push(drawn);
  });
  return <p>{drawn ? "the data" : "the skeleton"}</p>;
}

function Root({ children }: { children: ReactNode }) {
  firstPaint.useMarkFirstScreenCommitted();
  return <>{children}</>;
}

describe("useDrawnAfterFirstPaint", () => {
  it("commits the screen that opens the app without its data first, then draws the data", async () => {
    const commits: boolean[] = [];
    // As main.tsx renders the app: in a transition.
    await act(async () => {
      startTransition(() => {
        render(
          <Root>
            <Screen commits={commits} />
          </Root>,
        );
      });
    });
    expect(commits).toEqual([false, true]);
    expect(screen.getByText("the data")).toBeDefined();
  });

  it("draws a screen that a navigation mounts with its data at once", async () => {
    const first: boolean[] = [];
    const { rerender } = render(
      <Root>
        <Screen commits={first} />
      </Root>,
    );
    await act(async () => undefined);
    const navigatedTo: boolean[] = [];
    rerender(
      <Root>
        <Screen key="next screen" commits={navigatedTo} />
      </Root>,
    );
    await act(async () => undefined);
    expect(navigatedTo).toEqual([true]);
  });
});

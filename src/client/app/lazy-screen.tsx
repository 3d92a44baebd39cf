import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, useState } from "react";

/** What a screen's module may export to start the requests of its first view before the first render. */
export type ScreenPrefetch = (queryClient: QueryClient) => void;

/**
 * A screen's module: the screen, and optionally `prefetch`, run when the app opens on the screen (router.tsx,
 * prepareFirstScreen).
 */
type ScreenModule<Props> = Promise<{ default: ComponentType<Props>; prefetch?: ScreenPrefetch }>;

/** A lazily loaded screen that can be asked for before it is rendered. */
export type LazyScreen<Props extends object> = ComponentType<Props> & { preload: () => ScreenModule<Props> };

/**
 * React's `lazy()`, plus `preload()`. A screen whose code has arrived by the time it is first rendered is drawn
 * at once instead of suspending: a `lazy()` component always suspends at its first render, even on code already
 * loaded, and React then holds the revealed screen back until 300 ms after the (empty) fallback was shown. On
 * the admin dashboard that delay was most of the time from the header to the largest paint (ADR 0046,
 * addendum). Not yet loaded, it suspends as before, so a navigation keeps the previous screen until the code is
 * there.
 */
export function lazyScreen<Props extends object>(load: () => ScreenModule<Props>): LazyScreen<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: ScreenModule<Props> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Suspending = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level, as lazy() is
  function Screen(props: Props) {
    // Chosen once per mount: turning from the lazy wrapper to the component itself would mount the screen anew.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Suspending);
    return <Component {...props} />;
  }
  return Object.assign(Screen, { preload });
}

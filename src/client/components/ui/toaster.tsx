// The toast region's code (Radix Toast, about 11 kB gzip) loads with the first toast rather than with every
// page: most visits raise none, and the landing page must stay within its budget (e2e/bundle-budget.spec.ts).

import { useCurrentToast } from "@client/lib/toast";
import { type ComponentType, useEffect, useState } from "react";

let loadedRegion: ComponentType | undefined;
let loading: Promise<ComponentType> | undefined;

/** Loads the region once; tests call it first so that toasts show at once, as they do once it is loaded. */
export function loadToastRegion(): Promise<ComponentType> {
  loading ??= import("./toast-region").then((module) => {
    loadedRegion = module.ToastRegion;
    return module.ToastRegion;
  });
  return loading;
}

export function Toaster() {
  const entry = useCurrentToast();
  const [Region, setRegion] = useState(() => loadedRegion);

  useEffect(() => {
    if (!entry || Region) return;
    let isMounted = true;
    // A region that fails to load (a chunk lost to a deploy) leaves toasts unseen; the page itself still works.
    loadToastRegion()
      .then((region) => {
        if (isMounted) setRegion(() => region);
      })
      .catch(() => undefined);
    return () => {
      isMounted = false;
    };
  }, [entry, Region]);

  // Once there, the region stays: later toasts show at once and F8 keeps finding it.
  return Region ? <Region /> : null;
}

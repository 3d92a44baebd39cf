import { TriangleAlert } from "lucide-react";
import { Button } from "../../components/ui/button";

/** Shown when a screen fails to load or render, typically a stale chunk after a deploy. */
export function RouteError() {
  return (
    <div className="mx-auto grid min-h-dvh max-w-lg place-content-center gap-4 px-6 text-center">
      <title>Something went wrong · Seva</title>
      <TriangleAlert aria-hidden className="mx-auto size-10 text-saffron-700" />
      <h1 className="font-bold text-2xl text-stone-900">Something went wrong</h1>
      <p className="text-stone-700">This page could not be shown. Reloading usually fixes it.</p>
      <Button className="mx-auto" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </div>
  );
}

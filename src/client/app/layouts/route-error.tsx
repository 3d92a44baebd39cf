import { Button } from "@client/components/ui/button";
import { TriangleAlert } from "lucide-react";
import { Component, type ReactNode } from "react";

/** Shown when a screen fails to load or render, typically a stale chunk after a deploy. */
export function RouteError() {
  return (
    <div className="mx-auto grid min-h-dvh max-w-lg place-content-center gap-4 px-6 text-center">
      <title>Something went wrong · Seva</title>
      <TriangleAlert aria-hidden className="mx-auto size-10 text-saffron-700" />
      <h1 className="font-bold text-2xl text-stone-900">Something went wrong</h1>
      <p className="text-stone-700">This page could not be shown. Reloading usually fixes it.</p>
      <Button className="mx-auto" onClick={() => window.location.reload()}>
        Reload the Page
      </Button>
    </div>
  );
}

interface RouteErrorBoundaryProps {
  /** The current path: going to another page (the browser's back button) clears the error. */
  pathname: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  hasError: boolean;
  pathname: string;
}

/** Catches what a screen throws while loading or rendering and shows RouteError instead of a white page. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { hasError: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { hasError: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.pathname === state.pathname ? null : { hasError: false, pathname: props.pathname };
  }

  override render(): ReactNode {
    return this.state.hasError ? <RouteError /> : this.props.children;
  }
}

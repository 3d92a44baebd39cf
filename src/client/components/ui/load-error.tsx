import { errorMessage, NetworkError } from "@client/lib/api-client";
import { RotateCw, TriangleAlert } from "lucide-react";
import { Button } from "./button";

interface LoadErrorProps {
  /** What could not be loaded, e.g. "your applications". */
  what: string;
  error: unknown;
  onRetry: () => void;
}

/** Shown in place of a list whose data could not be loaded, with the reason and a way to try again. */
export function LoadError({ what, error, onRetry }: LoadErrorProps) {
  const reason =
    error instanceof NetworkError
      ? "Connection Error - Unable to connect to server. Please try again."
      : errorMessage(error, "Please try again.");
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 sm:flex-row sm:items-center"
    >
      <TriangleAlert aria-hidden className="size-5 shrink-0 text-red-700" />
      <div className="grid flex-1 gap-0.5">
        <p className="font-semibold text-red-900">{`We could not load ${what}.`}</p>
        <p className="text-red-800 text-sm">{reason}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden className="size-4" />
        Try Again
      </Button>
    </div>
  );
}

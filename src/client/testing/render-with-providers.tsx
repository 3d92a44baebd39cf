// Test support for a single component: the app's providers (data cache, toasts) and a memory router around it.
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { AppProviders } from "../app/providers";
import { loadToastRegion } from "../components/ui/toaster";

// The app loads the toast region with its first toast; tests have it from the start, so a toast shows at once.
await loadToastRegion();

export function renderWithProviders(element: ReactNode) {
  return render(
    <AppProviders>
      <MemoryRouter>{element}</MemoryRouter>
    </AppProviders>,
  );
}

/** The visible toast's text ("Title - description"), or "" when none is shown. */
export function toastText(): string {
  return document.querySelector("[role=region] li")?.textContent ?? "";
}

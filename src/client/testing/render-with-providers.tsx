// Test support for a single component: the app's providers (data cache, toasts) and a memory router around it.
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "../app/providers";

export function renderWithProviders(element: ReactNode) {
  const router = createMemoryRouter([{ path: "*", element }]);
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** The visible toast's text ("Title - description"), or "" when none is shown. */
export function toastText(): string {
  return document.querySelector("[role=region] li")?.textContent ?? "";
}

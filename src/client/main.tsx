import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "./app/providers";
import { AppRoutes, prepareFirstScreen } from "./app/router";
import { createQueryClient } from "./lib/query-client";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const queryClient = createQueryClient();
void prepareFirstScreen(queryClient).then(() => {
  const root = createRoot(container);
  // Drawn as a transition, so React builds the first screen in slices of a few milliseconds between which the
  // browser may do other work, instead of in one long task (ADR 0046, addendum).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
});

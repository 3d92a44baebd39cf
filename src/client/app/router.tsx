// The route table. Every screen is its own lazily loaded chunk, so students never download admin screens;
// the guards that wrap them are small and ship with the shell.
import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { RequireAdmin, RequireSignedIn, RequireStudent, VisitorOnly } from "./layouts/guards";
import { RootLayout } from "./layouts/root-layout";
import { RouteError } from "./layouts/route-error";

function lazyScreen(load: () => Promise<{ default: ComponentType }>): RouteObject["lazy"] {
  return async () => ({ Component: (await load()).default });
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // The first screen's chunk loads before anything renders; a blank page is shorter than any spinner.
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: lazyScreen(() => import("./routes/home")) },
      {
        element: <VisitorOnly />,
        children: [
          { path: "login", lazy: lazyScreen(() => import("./routes/login")) },
          { path: "register", lazy: lazyScreen(() => import("./routes/register")) },
        ],
      },
      {
        element: <RequireSignedIn announceLoggedOut />,
        children: [{ path: "profile", lazy: lazyScreen(() => import("./routes/profile")) }],
      },
      {
        element: <RequireSignedIn />,
        children: [
          { path: "opportunity/:id", lazy: lazyScreen(() => import("./routes/opportunity")) },
          { path: "leaderboard", lazy: lazyScreen(() => import("./routes/leaderboard")) },
          {
            element: <RequireStudent />,
            children: [{ path: "dashboard", lazy: lazyScreen(() => import("./routes/dashboard")) }],
          },
          {
            path: "admin",
            element: <RequireAdmin />,
            children: [
              { index: true, lazy: lazyScreen(() => import("./routes/admin")) },
              { path: "opportunities", lazy: lazyScreen(() => import("./routes/admin-opportunities")) },
              { path: "opportunities/new", lazy: lazyScreen(() => import("./routes/admin-opportunity-new")) },
              {
                path: "opportunities/:id/edit",
                lazy: lazyScreen(() => import("./routes/admin-opportunity-edit")),
              },
              {
                path: "applications/:opportunityId",
                lazy: lazyScreen(() => import("./routes/admin-applications")),
              },
              { path: "analytics", lazy: lazyScreen(() => import("./routes/admin-analytics")) },
            ],
          },
        ],
      },
      { path: "*", lazy: lazyScreen(() => import("./routes/not-found")) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

// Test support for client tests: the whole app in a memory router, and fetch answered like the server would.

import type { CurrentUser } from "@shared/contract/auth";
import type { QueryClient } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from "react-router";
import { vi } from "vitest";
import { AppProviders } from "../app/providers";
import { AppRoutes } from "../app/router";
import { loadToastRegion } from "../components/ui/toaster";

// The app loads the toast region with its first toast; tests have it from the start, so a toast shows at once.
await loadToastRegion();

export { TOAST_REGION } from "./toast-region";

export const sampleStudent: CurrentUser = {
  id: 2,
  email: "asha.rao@iimb.ac.in",
  firstName: "Asha",
  lastName: "Rao",
  role: "student",
  program: "PGP",
  coins: 120,
  profileImageUrl: null,
  anonymizeLeaderboard: false,
  createdAt: "2024-07-01T00:00:00.000Z",
  firstSignIn: false,
  passwordPrompt: "none",
  interests: { skills: [], types: [] },
  interestsPrompt: false,
  programPrompt: false,
  passwordChange: true,
};

export const sampleAdmin: CurrentUser = {
  ...sampleStudent,
  id: 1,
  email: "admin@iimb.ac.in",
  firstName: "Meera",
  lastName: "Iyer",
  role: "admin",
};

type Handler = (url: string, init: RequestInit) => Response | undefined;

/**
 * Stubs fetch, the browser boundary. `handle` answers what a test cares about; the session lookup answers
 * `currentUser()` (401 when null) and anything else a JSON 404.
 */
export function stubServer({
  currentUser,
  handle = () => undefined,
}: {
  currentUser: () => CurrentUser | null;
  handle?: Handler;
}) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const answer = handle(url, init);
    if (answer) return answer;
    if (url === "/api/auth/user") {
      const user = currentUser();
      return user
        ? Response.json(user)
        : Response.json({ message: "Unauthorized" }, { status: 401, statusText: "Unauthorized" });
    }
    return Response.json({ message: "Not found" }, { status: 404, statusText: "Not Found" });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** What a test reads and drives: the location the app shows, and navigation as a link would do it. */
export interface TestRouter {
  readonly state: { readonly location: Location };
  navigate(to: string): Promise<void>;
}

interface RouterHandle {
  location?: Location;
  navigate?: NavigateFunction;
}

function RouterProbe({ handle }: { handle: RouterHandle }) {
  handle.location = useLocation();
  handle.navigate = useNavigate();
  return null;
}

/**
 * The whole app at `path`, as main.tsx renders it, in a memory router; with `queryClient` when a test filled the
 * cache before the first render, as main.tsx does with prepareFirstScreen.
 */
export function renderApp(path: string, queryClient?: QueryClient): TestRouter {
  const handle: RouterHandle = {};
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe handle={handle} />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    state: {
      get location() {
        if (!handle.location) throw new Error("The app has not rendered yet");
        return handle.location;
      },
    },
    navigate: (to) =>
      act(async () => {
        await handle.navigate?.(to);
      }),
  };
}

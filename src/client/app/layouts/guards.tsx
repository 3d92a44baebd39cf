// Route guards: layout routes that decide who may see their child routes (docs/product-spec.md §2,
// docs/product-rules.md §4b).

import { useCurrentUser } from "@client/features/auth/api";
import { homePathFor, loginReturningTo, paths } from "@client/lib/paths";
import { toast } from "@client/lib/toast";
import { useSendToLogin } from "@client/lib/use-send-to-login";
import { ACCESS_DENIED_REDIRECT_MS } from "@shared/domain/limits";
import { useEffect, useRef } from "react";
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from "react-router";
import { safeNextPath } from "../safe-next-path";

interface RequireSignedInProps {
  /**
   * Say "You are logged out" before redirecting, as the spec asks of the profile screen
   * (docs/product-spec.md §2).
   */
  announceLoggedOut?: boolean;
}

/** Signed-in routes: a visitor goes to the sign-in page, which brings them back here afterwards. */
export function RequireSignedIn({ announceLoggedOut = false }: RequireSignedInProps) {
  const { user, isPending } = useCurrentUser();
  const { pathname, search } = useLocation();

  if (isPending) return null;
  if (user) return <Outlet />;
  if (announceLoggedOut) return <SendToLoginAfterNotice />;
  return <Navigate to={loginReturningTo(`${pathname}${search}`)} replace />;
}

function SendToLoginAfterNotice() {
  const sendToLogin = useSendToLogin();
  useEffect(() => sendToLogin(), [sendToLogin]);
  return null;
}

/**
 * /login and /register. A user who signs in here continues to the page that sent them (`next`), else to
 * their role's landing page (/admin for admins); a user who arrives already signed in goes to `next` or home.
 */
export function VisitorOnly() {
  const { user, isPending } = useCurrentUser();
  const [searchParams] = useSearchParams();
  // Set once this page has been shown signed out: a user appearing after that has just signed in here.
  const hasShownSignedOut = useRef(false);

  if (isPending) return null;
  if (!user) {
    hasShownSignedOut.current = true;
    return <Outlet />;
  }
  const landing = hasShownSignedOut.current ? homePathFor(user.role) : paths.home;
  return <Navigate to={safeNextPath(searchParams.get("next")) ?? landing} replace />;
}

/**
 * Admin routes (inside RequireSignedIn): anyone else is told so and sent home after the spec's 1 s
 * (docs/product-spec.md §9).
 */
export function RequireAdmin() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const isAdmin = user?.role === "admin";

  useEffect(() => {
    if (isAdmin) return;
    toast({
      title: "Access Denied",
      description: "Admin access required. Redirecting...",
      variant: "destructive",
    });
    const timer = window.setTimeout(() => navigate(paths.home, { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [isAdmin, navigate]);

  return isAdmin ? <Outlet /> : null;
}

/**
 * Student-only routes (inside RequireSignedIn). docs/product-spec.md §2 has /dashboard render nothing for
 * admins; a blank page helps nobody, so an admin is sent to their own dashboard, /admin, instead (ADR 0025).
 */
export function RequireStudent() {
  const { user } = useCurrentUser();
  if (user?.role === "admin") return <Navigate to={paths.admin} replace />;
  return user?.role === "student" ? <Outlet /> : null;
}

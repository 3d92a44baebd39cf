// Every href of the client in one place, so a renamed route changes in one line.
import type { Role } from "@shared/domain/enums";

export const paths = {
  home: "/",
  login: "/login",
  register: "/register",
  forgotPassword: "/forgot-password",
  /**
   * Why the institution's sign-in did not sign someone in: `?reason=`. The server's SSO_REFUSED_PATH
   * (shared/domain/sso.ts, with the refusals' texts) written out, so the shell does not carry those texts;
   * paths.test.ts holds the two equal.
   */
  signInRefused: "/sign-in/refused",
  /** Opened from the e-mailed link, with the secret in the fragment: `#token=…` (docs/product-rules.md §9). */
  resetPassword: "/reset-password",
  /** The on-site supervisor's Confirm or Dispute page, from the e-mailed link `#token=…` (product rules §10). */
  confirmHours: "/confirm-hours",
  /** Every open opportunity with search, filters and sorts; they travel in the address (`?search=…&skills=…`). */
  opportunities: "/opportunities",
  opportunity: (id: number | string) => `/opportunity/${encodeURIComponent(id)}`,
  /** Its .ics file ('Add to Calendar'); a private one's share key opens it as it opens the page. */
  opportunityCalendarFile: (id: number, shareKey?: string) =>
    `/api/opportunities/${id}/calendar.ics${shareKey ? `?${new URLSearchParams({ key: shareKey })}` : ""}`,
  dashboard: "/dashboard",
  profile: "/profile",
  /** Profile's settings tab, at its 'Interests' section (ADR 0035). */
  profileInterests: "/profile#interests",
  leaderboard: "/leaderboard",
  notifications: "/notifications",
  admin: "/admin",
  adminOpportunities: "/admin/opportunities",
  adminOpportunityNew: "/admin/opportunities/new",
  adminOpportunityEdit: (id: number | string) => `/admin/opportunities/${encodeURIComponent(id)}/edit`,
  /** With `status`, the page opens with that status filter (`?status=`; features/applications' filters). */
  adminApplications: (opportunityId: number | string, status?: string) =>
    `/admin/applications/${encodeURIComponent(opportunityId)}${status ? `?status=${encodeURIComponent(status)}` : ""}`,
  adminAnalytics: "/admin/analytics",
  adminMail: "/admin/mail",
  /** A certificate's public page (docs/product-rules.md §11): what it states and whether it stands. */
  verifyCertificate: (code: string) => `/verify/${encodeURIComponent(code)}`,
  /** The Ed25519 key that signs certificates, for the offline check. */
  certificatePublicKey: "/api/certificates/public-key",
} as const;

/**
 * The share link of a private opportunity: its page with the key that opens it to students (ADR 0017). A path;
 * `absoluteUrl` makes it an address to pass on.
 */
export function shareLinkOf(id: number, shareToken: string): string {
  return `${paths.opportunity(id)}?${new URLSearchParams({ key: shareToken })}`;
}

/** A path of this site as a full address, for copying into a message. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** The sign-in page, asking it to come back to `returnTo` afterwards. */
export function loginReturningTo(returnTo: string): string {
  return `${paths.login}?${new URLSearchParams({ next: returnTo })}`;
}

/**
 * What the sign-in page says when a link sent the visitor there: 'Sign in to view …' naming the page `next`
 * points to. Undefined for no `next`, or one that is not a path of this site.
 */
export function signInReasonFor(next: string | null | undefined): string | undefined {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return undefined;
  const pathname = next.split(/[?#]/, 1)[0] ?? "";
  if (pathname.startsWith("/opportunity/")) return "Sign in to view this opportunity";
  if (pathname === paths.opportunities) return "Sign in to find opportunities";
  if (pathname === paths.dashboard) return "Sign in to view your dashboard";
  if (pathname === paths.profile) return "Sign in to view your profile";
  if (pathname === paths.leaderboard) return "Sign in to view the leaderboard";
  if (pathname === paths.notifications) return "Sign in to view your notifications";
  if (isAdminPath(pathname)) return "Sign in to view the admin dashboard";
  if (pathname === paths.home) return undefined;
  return "Sign in to view this page";
}

export function isAdminPath(pathname: string): boolean {
  return pathname === paths.admin || pathname.startsWith(`${paths.admin}/`);
}

/** Where a user lands after signing in when no page asked to be returned to. */
export function homePathFor(role: Role): string {
  return role === "admin" ? paths.admin : paths.home;
}

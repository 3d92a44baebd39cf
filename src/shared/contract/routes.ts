// Method, path and access rule of every endpoint, in one table without zod. The domain contracts add the summary
// and the schemas to these rows; the browser calls the API through this table alone (typed by the contracts,
// src/client/lib/contract.ts), so its bundle carries no zod: about 25 kB gzip less on every page.
import type { EndpointRoute } from "./endpoint";

export const apiRoutes = {
  system: {
    health: { method: "GET", path: "/api/health", access: "public" },
  },
  auth: {
    currentUser: { method: "GET", path: "/api/auth/user", access: "signedIn" },
    register: { method: "POST", path: "/api/register", access: "public" },
    login: { method: "POST", path: "/api/login", access: "public" },
    logout: { method: "POST", path: "/api/logout", access: "public" },
    deleteAccount: { method: "DELETE", path: "/api/auth/account", access: "signedIn" },
    changePassword: { method: "POST", path: "/api/auth/password", access: "signedIn" },
    skipPasswordChange: { method: "POST", path: "/api/auth/password/skip", access: "signedIn" },
    updateProfile: { method: "PATCH", path: "/api/auth/user", access: "signedIn" },
    signInOptions: { method: "GET", path: "/api/auth/options", access: "public" },
    forgotPassword: { method: "POST", path: "/api/auth/forgot-password", access: "public" },
    checkResetLink: { method: "POST", path: "/api/auth/reset-password/check", access: "public" },
    resetPassword: { method: "POST", path: "/api/auth/reset-password", access: "public" },
    exportData: { method: "GET", path: "/api/auth/export", access: "signedIn" },
  },
  opportunities: {
    list: { method: "GET", path: "/api/opportunities", access: "signedIn" },
    get: { method: "GET", path: "/api/opportunities/:id", access: "signedIn" },
    create: { method: "POST", path: "/api/opportunities", access: "admin" },
    update: { method: "PUT", path: "/api/opportunities/:id", access: "admin" },
    close: { method: "PATCH", path: "/api/opportunities/:id/close", access: "admin" },
    remove: { method: "DELETE", path: "/api/opportunities/:id", access: "admin" },
    adminList: { method: "GET", path: "/api/admin/opportunities", access: "admin" },
    progress: { method: "GET", path: "/api/opportunity-progress", access: "signedIn" },
  },
  applications: {
    apply: { method: "POST", path: "/api/applications", access: "student" },
    listForUser: { method: "GET", path: "/api/applications/user/:userId", access: "signedIn" },
    listForOpportunity: {
      method: "GET",
      path: "/api/applications/opportunity/:opportunityId",
      access: "admin",
    },
    adminList: { method: "GET", path: "/api/admin/applications", access: "admin" },
    updateStatus: { method: "PUT", path: "/api/applications/:id/status", access: "admin" },
    withdraw: { method: "POST", path: "/api/applications/:id/withdraw", access: "student" },
  },
  waitlist: {
    join: { method: "POST", path: "/api/opportunities/:id/waitlist", access: "student" },
    leave: { method: "DELETE", path: "/api/opportunities/:id/waitlist", access: "student" },
    acceptOffer: { method: "POST", path: "/api/opportunities/:id/waitlist/accept-offer", access: "student" },
    mine: { method: "GET", path: "/api/waitlist", access: "student" },
    adminList: { method: "GET", path: "/api/admin/opportunities/:id/waitlist", access: "admin" },
  },
  hours: {
    submit: { method: "PATCH", path: "/api/applications/:id/submit-hours", access: "student" },
    approve: { method: "POST", path: "/api/applications/:id/approve-hours", access: "admin" },
    reject: { method: "POST", path: "/api/applications/:id/reject-hours", access: "admin" },
    list: { method: "GET", path: "/api/applications/:id/hours", access: "signedIn" },
    resendVerification: {
      method: "POST",
      path: "/api/applications/:id/hours/resend-verification",
      access: "student",
    },
  },
  supervision: {
    check: { method: "POST", path: "/api/supervision/check", access: "public" },
    decide: { method: "POST", path: "/api/supervision/decide", access: "public" },
  },
  timeline: {
    get: { method: "GET", path: "/api/applications/:id/timeline", access: "signedIn" },
  },
  certificates: {
    issue: { method: "POST", path: "/api/certificates", access: "student" },
    mine: { method: "GET", path: "/api/certificates", access: "student" },
    revoke: { method: "POST", path: "/api/certificates/:code/revoke", access: "signedIn" },
    verify: { method: "GET", path: "/api/verify/:code", access: "public" },
    publicKey: { method: "GET", path: "/api/certificates/public-key", access: "public" },
  },
  badges: {
    list: { method: "GET", path: "/api/badges", access: "signedIn" },
    listForUser: { method: "GET", path: "/api/badges/user/:userId", access: "signedIn" },
  },
  leaderboard: {
    list: { method: "GET", path: "/api/leaderboard", access: "signedIn" },
    ownRank: { method: "GET", path: "/api/leaderboard/me", access: "student" },
    activities: { method: "GET", path: "/api/leaderboard/activities", access: "signedIn" },
    community: { method: "GET", path: "/api/community/impact", access: "signedIn" },
  },
  analytics: {
    get: { method: "GET", path: "/api/analytics", access: "admin" },
  },
  notifications: {
    list: { method: "GET", path: "/api/notifications", access: "signedIn" },
    unreadCount: { method: "GET", path: "/api/notifications/unread-count", access: "signedIn" },
    markRead: { method: "POST", path: "/api/notifications/:id/read", access: "signedIn" },
    markAllRead: { method: "POST", path: "/api/notifications/read-all", access: "signedIn" },
    celebration: { method: "GET", path: "/api/notifications/celebration", access: "signedIn" },
    celebrationSeen: { method: "POST", path: "/api/notifications/celebration/seen", access: "signedIn" },
  },
  mail: {
    preferences: { method: "GET", path: "/api/notifications/preferences", access: "signedIn" },
    updatePreferences: { method: "PUT", path: "/api/notifications/preferences", access: "signedIn" },
    unsubscribe: { method: "POST", path: "/api/unsubscribe", access: "public" },
    log: { method: "GET", path: "/api/admin/mail", access: "admin" },
    message: { method: "GET", path: "/api/admin/mail/:id", access: "admin" },
  },
  calendar: {
    feed: { method: "GET", path: "/api/calendar/feed", access: "student" },
    resetFeed: { method: "POST", path: "/api/calendar/feed/reset", access: "student" },
  },
  administrators: {
    list: { method: "GET", path: "/api/admin/administrators", access: "admin" },
    promote: { method: "POST", path: "/api/admin/administrators", access: "admin" },
    remove: { method: "DELETE", path: "/api/admin/administrators/:userId", access: "admin" },
  },
} as const satisfies Record<string, Record<string, EndpointRoute>>;

// The API as the browser sees it: each endpoint's method and path from the shared route table, typed by the
// shared contract. Only types come from the zod contracts, so the bundle carries no schemas and no zod; the
// server validates every call anyway.
import type { contract } from "@shared/contract";
import type { Endpoint, TypedRoute } from "@shared/contract/endpoint";
import { apiRoutes } from "@shared/contract/routes";

type TypedRoutes<Domain extends Record<string, Endpoint>> = {
  readonly [K in keyof Domain]: TypedRoute<Domain[K]>;
};
type Contract = typeof contract;

// The annotation is the check: a contract endpoint without its row in the table fails to compile.
const api: { readonly [D in keyof Contract]: TypedRoutes<Contract[D]> } = apiRoutes;

export const authContract = api.auth;
export const opportunitiesContract = api.opportunities;
export const applicationsContract = api.applications;
export const hoursContract = api.hours;
export const badgesContract = api.badges;
export const leaderboardContract = api.leaderboard;
export const analyticsContract = api.analytics;
export const administratorsContract = api.administrators;
export const notificationsContract = api.notifications;
export const mailContract = api.mail;
export const calendarContract = api.calendar;
export const waitlistContract = api.waitlist;
export const supervisionContract = api.supervision;
export const timelineContract = api.timeline;
export const certificatesContract = api.certificates;

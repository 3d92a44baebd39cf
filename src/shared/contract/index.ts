// The whole API in one table. A test walks `allEndpoints` to prove every access rule.
import { administratorsContract } from "./administrators";
import { analyticsContract } from "./analytics";
import { applicationsContract } from "./applications";
import { authContract } from "./auth";
import { badgesContract } from "./badges";
import { calendarContract } from "./calendar";
import { certificatesContract } from "./certificates";
import type { Endpoint } from "./endpoint";
import { hoursContract } from "./hours";
import { leaderboardContract } from "./leaderboard";
import { mailContract } from "./mail";
import { notificationsContract } from "./notifications";
import { opportunitiesContract } from "./opportunities";
import { supervisionContract } from "./supervision";
import { systemContract } from "./system";
import { timelineContract } from "./timeline";
import { waitlistContract } from "./waitlist";

export const contract = {
  system: systemContract,
  auth: authContract,
  opportunities: opportunitiesContract,
  applications: applicationsContract,
  waitlist: waitlistContract,
  hours: hoursContract,
  badges: badgesContract,
  leaderboard: leaderboardContract,
  analytics: analyticsContract,
  administrators: administratorsContract,
  notifications: notificationsContract,
  mail: mailContract,
  calendar: calendarContract,
  supervision: supervisionContract,
  timeline: timelineContract,
  certificates: certificatesContract,
} as const;

export const allEndpoints: Endpoint[] = Object.values(contract).flatMap((domain) => Object.values(domain));

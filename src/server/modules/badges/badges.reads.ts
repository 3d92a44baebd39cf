// The badge reads the server caches, each with the change topics it is read from (db/cached-read.ts).
import { cachedRead } from "@server/db/cached-read";
import { listBadges, listUserBadges } from "./badges.service";

export const badgeCatalogue = cachedRead({
  topics: () => ["badges"],
  load: (db) => listBadges(db),
});

export const badgesOfStudent = cachedRead({
  // users: an unknown student is a 404, and a deleted one without badges leaves user_badges as it was.
  topics: (_userId: number) => ["user_badges", "badges", "users"],
  load: (db, userId) => listUserBadges(db, userId),
});

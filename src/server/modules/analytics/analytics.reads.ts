// The analytics read the server caches, with the change topics it is read from (db/cached-read.ts).
import { cachedRead } from "@server/db/cached-read";
import { topics } from "@server/db/change-tracker";
import { getAnalytics } from "./analytics.service";

/** The figures of the last `days` as of `now`; the caller keys it by the school day too. */
export const analytics = cachedRead({
  topics: (_range: { days: number; now: Date }) => [topics.applicationRows, "opportunities"],
  load: (db, { days, now }) => getAnalytics(db, days, now),
});

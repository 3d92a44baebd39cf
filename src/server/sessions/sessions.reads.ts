// The session lookup the server caches, with the change topics it is read from (db/cached-read.ts).
import { cachedRead } from "@server/db/cached-read";
import { topics } from "@server/db/change-tracker";
import { findSession } from "./session-store";

/**
 * A session by its token. Until it is found it waits on every balance (the caller narrows it to its owner's,
 * see session-cookie.ts); a logout, a deletion or a role change anywhere drops them all.
 */
export const sessionByToken = cachedRead({
  topics: (_token: string) => ["sessions", "users", topics.balances],
  load: (db, token) => findSession(db, token),
});

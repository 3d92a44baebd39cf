// The administrator reads the server caches, each with the change topics it is read from (db/cached-read.ts).
import { cachedRead } from "@server/db/cached-read";
import { listAdministrators } from "./administrators.service";

/** Keyed on the users table: a promotion, a new or deleted account changes it; coins alone do not. */
export const administrators = cachedRead({
  topics: () => ["users"],
  load: (db) => listAdministrators(db),
});

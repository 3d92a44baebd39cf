// The hourly sweep (and the one at start): sign-in state nobody can use any more. Expired sessions, and sign-ins
// begun at the institution's provider and never finished (ADR 0041: a state lasts ten minutes), are deleted;
// the routes already refuse both, so the sweep only keeps the tables small.

import { lt, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { ssoSignIns } from "../db/schema";
import { deleteExpiredSessions } from "./session-store";

export async function sweepExpiredSignIns(db: Executor): Promise<void> {
  await deleteExpiredSessions(db);
  await db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, sql`now()`));
}

// Server-side sessions in the `sessions` table. The cookie carries a random token; the table keeps only its
// SHA-256, so a copy of the database cannot be replayed as a login. A session lives SESSION_TTL_MS and slides
// forward at most once a day, so an ordinary request costs one indexed read and no write.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sessions, users } from "../../db/schema";

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const SLIDE_AFTER_MS = 24 * 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

export interface LoadedSession {
  sid: string;
  expire: Date;
  user: SessionUser;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Creates a session for the user and returns the token for the cookie. */
export async function createSession(db: Executor, userId: number): Promise<{ token: string; expire: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expire = new Date(Date.now() + SESSION_TTL_MS);
  await db
    .insert(sessions)
    .values({ sid: hashToken(token), userId, expire, sess: { createdAt: new Date().toISOString() } });
  return { token, expire };
}

/** The live session and its user for a cookie token, or undefined. */
export async function findSession(db: Executor, token: string): Promise<LoadedSession | undefined> {
  const sid = hashToken(token);
  const [row] = await db
    .select({ sid: sessions.sid, expire: sessions.expire, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, sql`now()`)))
    .limit(1);
  if (!row) return undefined;
  if (isDueForSlide(row)) {
    row.expire = new Date(Date.now() + SESSION_TTL_MS);
    await db.update(sessions).set({ expire: row.expire }).where(eq(sessions.sid, sid));
  }
  return row;
}

/** A session used more than a day after its expiry was last moved gets a full lifetime again. */
export function isDueForSlide(session: { expire: Date }): boolean {
  return session.expire.getTime() - Date.now() < SESSION_TTL_MS - SLIDE_AFTER_MS;
}

export async function destroySession(db: Executor, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, hashToken(token)));
}

export async function destroyUserSessions(db: Executor, userId: number, exceptToken?: string): Promise<void> {
  const condition = exceptToken
    ? and(eq(sessions.userId, userId), sql`${sessions.sid} <> ${hashToken(exceptToken)}`)
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(condition);
}

export async function deleteExpiredSessions(db: Executor): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, sql`now()`));
}

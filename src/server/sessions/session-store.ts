// Server-side sessions in the `sessions` table. The cookie carries a random token; the table keeps only its
// SHA-256, so a copy of the database cannot be replayed as a login. A session ends after SESSION_IDLE_MS without
// use and SESSION_MAX_AGE_MS after its sign-in however active (docs/product-rules.md §7). Its expiry slides
// forward at most once a day, so an ordinary request costs one indexed read and no write (and a session left
// idle ends between 13 and 14 days after its last use), never past the sign-in's cap.
import { createHash, randomBytes } from "node:crypto";
import { builtOnce } from "@server/db/built-once";
import type { Executor } from "@server/db/client";
import { sessions, users } from "@server/db/schema";
import { and, eq, gt, lt, sql } from "drizzle-orm";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 14 * DAY_MS;
export const SESSION_MAX_AGE_MS = 30 * DAY_MS;
const SLIDE_AFTER_MS = DAY_MS;

export type SessionUser = typeof users.$inferSelect;

export interface LoadedSession {
  sid: string;
  expire: Date;
  /** The sign-in: the session never outlives it by more than SESSION_MAX_AGE_MS. */
  createdAt: Date;
  /** This session is the account's first sign-in (ADR 0025). */
  firstSignIn: boolean;
  user: SessionUser;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * Creates a session for the user and returns the token for the cookie. `firstSignIn` marks the account's first
 * sign-in, so that session can greet a newcomer (ADR 0025).
 */
export async function createSession(
  db: Executor,
  userId: number,
  { firstSignIn = false }: { firstSignIn?: boolean } = {},
): Promise<{ token: string; expire: Date }> {
  const token = randomBytes(32).toString("base64url");
  const createdAt = new Date();
  const expire = new Date(createdAt.getTime() + SESSION_IDLE_MS);
  await db.insert(sessions).values({
    sid: hashToken(token),
    userId,
    expire,
    createdAt,
    sess: { createdAt: createdAt.toISOString(), ...(firstSignIn ? { firstSignIn: true } : {}) },
  });
  return { token, expire };
}

/**
 * The live session and its user by the token's hash. Every signed-in request runs it (on a cache miss, and on
 * every request with the read cache off), so it is built once (db/built-once.ts): building it from drizzle's
 * builder, the user's every column named and ordered, cost about 0.4 ms of the server's CPU a request, more than
 * the rest of answering GET /api/auth/user (docs/performance.md, tenth pass).
 */
const liveSessionBySid = builtOnce((db) =>
  db
    .select({
      sid: sessions.sid,
      expire: sessions.expire,
      createdAt: sessions.createdAt,
      sess: sessions.sess,
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.sid, sql.placeholder("sid")),
        gt(sessions.expire, sql`now()`),
        gt(sessions.createdAt, sql`now() - make_interval(secs => ${SESSION_MAX_AGE_MS / 1000})`),
      ),
    )
    .limit(1),
);

/** The live session and its user for a cookie token, or undefined. */
export async function findSession(db: Executor, token: string): Promise<LoadedSession | undefined> {
  const sid = hashToken(token);
  const [row] = await liveSessionBySid(db, { sid });
  if (!row) return undefined;
  const { sess, ...session } = row;
  const loaded: LoadedSession = { ...session, firstSignIn: sess.firstSignIn === true };
  if (isDueForSlide(loaded)) {
    loaded.expire = slidExpiry(loaded);
    await db.update(sessions).set({ expire: loaded.expire }).where(eq(sessions.sid, sid));
  }
  return loaded;
}

/** Where a session used now expires: a full idle period on, but never past its sign-in's cap. */
function slidExpiry(session: { createdAt: Date }): Date {
  return new Date(Math.min(Date.now() + SESSION_IDLE_MS, session.createdAt.getTime() + SESSION_MAX_AGE_MS));
}

/** A session used more than a day after its expiry was last moved gets a full idle period again (up to its cap). */
export function isDueForSlide(session: { expire: Date; createdAt: Date }): boolean {
  return slidExpiry(session).getTime() - session.expire.getTime() >= SLIDE_AFTER_MS;
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

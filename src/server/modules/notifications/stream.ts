// Live updates for the signed-in tab (ADR 0032): `GET /api/notifications/stream` answers server-sent events,
// `state` with {unread, coins} at once and again whenever the person's notifications or balance change. It
// follows the database's change feed (db/change-tracker.ts), so a change made by any server process reaches it.
// A connection costs two entries in the tracker's per-topic Sets and one in this hub's Set; one shared timer
// sends every heartbeat and checks every session in one query, so a process holds thousands of them. A stream
// ends when its session does: at the next heartbeat, or at once after any sign-out (the `sessions` topic).
//
// The HTTP side is stream.routes.ts.
import type { ChangeTracker } from "@server/db/change-tracker";
import { topics } from "@server/db/change-tracker";
import type { Database } from "@server/db/client";
import { notifications, sessions, users } from "@server/db/schema";
import { SESSION_MAX_AGE_MS } from "@server/sessions/session-store";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

/** Proxies and browsers drop a silent connection after a minute or so; a comment every 25 s keeps it open. */
export const HEARTBEAT_MS = 25_000;
/** What EventSource waits before reconnecting after a dropped stream. */
export const RETRY_MS = 3000;
/** After a sign-out anywhere, the sessions of open streams are checked once this much later (one query). */
const SESSION_CHECK_DELAY_MS = 200;
/** Sessions checked per query at a heartbeat. */
const SESSION_CHECK_BATCH = 1000;

export interface LiveState {
  unread: number;
  coins: number;
}

export interface Connection {
  userId: number;
  /** The session's stored id (the token's hash). */
  sid: string;
  send(chunk: string): void;
  end(): void;
  /** A state query is running; `again` asks for one more after it. */
  refreshing: boolean;
  again: boolean;
}

/** The person's state as of now, or undefined when the session has ended. */
async function readState(db: Database, sid: string): Promise<LiveState | undefined> {
  const [row] = await db
    .select({
      coins: users.coins,
      unread: sql<number>`(select count(*)::int from ${notifications} where ${notifications.userId} = ${users.id} and ${isNull(notifications.readAt)})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sid), ...liveSession()))
    .limit(1);
  return row ? { coins: row.coins, unread: Number(row.unread) } : undefined;
}

function liveSession() {
  return [
    gt(sessions.expire, sql`now()`),
    gt(sessions.createdAt, sql`now() - make_interval(secs => ${SESSION_MAX_AGE_MS / 1000})`),
  ];
}

export const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** Every open stream of one app, their shared heartbeat and session checks. */
export class LiveStreams {
  private readonly connections = new Set<Connection>();
  private heartbeat: NodeJS.Timeout | undefined;
  private sessionCheck: NodeJS.Timeout | undefined;
  private stopWatchingSessions: (() => void) | undefined;

  constructor(
    private readonly db: Database,
    private readonly tracker: ChangeTracker,
    private readonly log: FastifyInstance["log"],
  ) {}

  get size(): number {
    return this.connections.size;
  }

  open(connection: Connection): () => void {
    this.connections.add(connection);
    const refresh = () => void this.refresh(connection);
    const stops = [
      this.tracker.subscribe(topics.notificationsOf(connection.userId), refresh),
      this.tracker.subscribe(topics.balanceOf(connection.userId), refresh),
    ];
    if (this.connections.size === 1) this.start();
    refresh();
    return () => {
      for (const stop of stops) stop();
      this.connections.delete(connection);
      if (this.connections.size === 0) this.stop();
    };
  }

  /** Ends every stream (the server is closing). */
  closeAll(): void {
    for (const connection of [...this.connections]) connection.end();
    this.stop();
  }

  /** Sends the current state; changes that land meanwhile are coalesced into one more read. */
  private async refresh(connection: Connection): Promise<void> {
    if (connection.refreshing) {
      connection.again = true;
      return;
    }
    connection.refreshing = true;
    try {
      do {
        connection.again = false;
        const state = await readState(this.db, connection.sid);
        if (!this.connections.has(connection)) return;
        if (!state) return this.endSignedOut(connection);
        connection.send(event("state", state));
      } while (connection.again);
    } catch (error) {
      // The database is away: the tab's fallback poll covers it, and the next change tries again.
      this.log.warn({ err: error }, "live stream: state not read");
    } finally {
      connection.refreshing = false;
    }
  }

  private endSignedOut(connection: Connection): void {
    connection.send(event("signed-out", {}));
    connection.end();
  }

  private start(): void {
    this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
    // A sign-out anywhere (any process) deletes a session row: check the open streams' sessions soon after.
    this.stopWatchingSessions = this.tracker.subscribe("sessions", () => {
      if (this.sessionCheck) return;
      this.sessionCheck = setTimeout(() => {
        this.sessionCheck = undefined;
        void this.checkSessions();
      }, SESSION_CHECK_DELAY_MS);
      this.sessionCheck.unref();
    });
  }

  private stop(): void {
    clearInterval(this.heartbeat);
    clearTimeout(this.sessionCheck);
    this.heartbeat = undefined;
    this.sessionCheck = undefined;
    this.stopWatchingSessions?.();
    this.stopWatchingSessions = undefined;
  }

  private async beat(): Promise<void> {
    for (const connection of this.connections) connection.send(": heartbeat\n\n");
    await this.checkSessions();
  }

  /** Ends the streams whose session is gone: one query per thousand streams. */
  async checkSessions(): Promise<void> {
    const open = [...this.connections];
    try {
      for (let start = 0; start < open.length; start += SESSION_CHECK_BATCH) {
        const batch = open.slice(start, start + SESSION_CHECK_BATCH);
        const sids = [...new Set(batch.map((connection) => connection.sid))];
        const rows = await this.db
          .select({ sid: sessions.sid })
          .from(sessions)
          .where(and(inArray(sessions.sid, sids), ...liveSession()));
        const alive = new Set(rows.map((row) => row.sid));
        for (const connection of batch) if (!alive.has(connection.sid)) this.endSignedOut(connection);
      }
    } catch (error) {
      this.log.warn({ err: error }, "live stream: sessions not checked");
    }
  }
}

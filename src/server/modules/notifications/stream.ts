// Live updates for the signed-in tab (ADR 0032): `GET /api/notifications/stream` answers server-sent events,
// `state` with {unread, coins} at once and again whenever the person's notifications or balance change. It
// follows the database's change feed (db/change-tracker.ts), so a change made by any server process reaches it.
// A person's streams share two entries in the tracker's per-topic Sets and one state read per change (two small
// queries, whatever the number of their tabs); a stream costs an entry in two Sets here. One shared timer
// sends every heartbeat and checks every session in one query, so a process holds thousands of them. A stream
// ends when its session does: at the next heartbeat, or at once after any sign-out (the `sessions` topic).
//
// The HTTP side is stream.routes.ts.
import type { ChangeTracker } from "@server/db/change-tracker";
import { topics } from "@server/db/change-tracker";
import type { Database } from "@server/db/client";
import { sessions, users } from "@server/db/schema";
import { SESSION_MAX_AGE_MS } from "@server/sessions/session-store";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { unreadCountOf } from "./notifications.service";

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
  /** An administrator's stream also follows the notices to every administrator (ADR 0080). */
  admin: boolean;
  /** The session's stored id (the token's hash). */
  sid: string;
  send(chunk: string): void;
  end(): void;
}

/** The person's state as of now, and which of the given sessions are still live (every stream checks its own). */
async function readState(
  db: Database,
  userId: number,
  sids: string[],
): Promise<{ state: LiveState | undefined; liveSids: Set<string> }> {
  const [user] = await db
    .select({
      coins: users.coins,
      // The person's id as a value: in a one-table select drizzle leaves columns unqualified.
      // Whether the admins' notices count is the role's as of now, not as of the stream's opening.
      unread: sql<number>`case when ${users.role} = 'admin' then ${unreadCountOf({ id: userId, role: "admin" })}
        else ${unreadCountOf({ id: userId, role: "student" })} end`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const live = await db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), inArray(sessions.sid, sids), ...liveSession()));
  return {
    state: user ? { coins: user.coins, unread: Number(user.unread) } : undefined,
    liveSids: new Set(live.map((row) => row.sid)),
  };
}

function liveSession() {
  return [
    gt(sessions.expire, sql`now()`),
    gt(sessions.createdAt, sql`now() - make_interval(secs => ${SESSION_MAX_AGE_MS / 1000})`),
  ];
}

export const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** One person's open streams (tabs, devices), which share their subscriptions and each state read. */
interface Person {
  connections: Set<Connection>;
  stops: (() => void)[];
  /** A state read is running; changes and new streams that arrive meanwhile wait for the next one. */
  refreshing: boolean;
  /** Something changed: every stream of the person needs the new state. */
  changed: boolean;
  /** New streams waiting for their first state (alone, so opening many costs no quadratic fan-out). */
  opened: Set<Connection>;
}

/** Every open stream of one app, their shared heartbeat and session checks. */
export class LiveStreams {
  private readonly connections = new Set<Connection>();
  private readonly people = new Map<number, Person>();
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
    const { userId } = connection;
    let person = this.people.get(userId);
    if (!person) {
      const changed = () => {
        const current = this.people.get(userId);
        if (!current) return;
        current.changed = true;
        void this.refresh(userId);
      };
      person = {
        connections: new Set(),
        stops: [
          this.tracker.subscribe(topics.notificationsOf(userId), changed),
          this.tracker.subscribe(topics.balanceOf(userId), changed),
          ...(connection.admin ? [this.tracker.subscribe(topics.adminNotices, changed)] : []),
        ],
        refreshing: false,
        changed: false,
        opened: new Set(),
      };
      this.people.set(userId, person);
    }
    person.connections.add(connection);
    person.opened.add(connection);
    if (this.connections.size === 1) this.start();
    void this.refresh(userId);
    return () => {
      this.connections.delete(connection);
      const current = this.people.get(userId);
      current?.connections.delete(connection);
      current?.opened.delete(connection);
      if (current && current.connections.size === 0) {
        for (const stop of current.stops) stop();
        this.people.delete(userId);
      }
      if (this.connections.size === 0) this.stop();
    };
  }

  /** Ends every stream (the server is closing). */
  closeAll(): void {
    for (const connection of [...this.connections]) connection.end();
    this.stop();
  }

  /**
   * Sends the person's current state to the streams that need it (all after a change, else the new ones) whose
   * session is still live, and ends the others. One read at a time per person; what arrives meanwhile waits for
   * the next.
   */
  private async refresh(userId: number): Promise<void> {
    const person = this.people.get(userId);
    if (!person || person.refreshing) return;
    person.refreshing = true;
    try {
      while (this.people.get(userId) === person && (person.changed || person.opened.size > 0)) {
        const streams = person.changed ? [...person.connections] : [...person.opened];
        person.changed = false;
        person.opened.clear();
        const { state, liveSids } = await readState(this.db, userId, [
          ...new Set(streams.map((connection) => connection.sid)),
        ]);
        for (const connection of streams) {
          if (!this.connections.has(connection)) continue;
          if (!state || !liveSids.has(connection.sid)) this.endSignedOut(connection);
          else connection.send(event("state", state));
        }
      }
    } catch (error) {
      // The database is away: the tab's fallback poll covers it, and the next change tries again.
      this.log.warn({ err: error }, "live stream: state not read");
    } finally {
      person.refreshing = false;
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

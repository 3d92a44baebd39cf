// The dedicated PostgreSQL connection that LISTENs for change notices (change-tracker.ts), and the proof that it
// still works. A connection can die without a word: a NAT or firewall that forgets an idle mapping leaves a
// half-open socket that neither errors nor delivers, and a process that trusted it would serve cached reads, and
// sessions, that the database has long changed (issue 14). So the listener sends itself a heartbeat notice
// through the channel every few seconds and declares the feed lost when it does not come back in time, or when
// any round trip on the connection (a write's settle, the LISTEN at connect) hangs. Losing the feed stops every
// cached read at once (onLive(false)); the connection is torn down and a new one tried until notices flow again.
// TCP keepalive and a connect timeout catch the same failures at the socket level.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { CHANGE_CHANNEL, type ChangeSubscription } from "./change-tracker";

/** How often the heartbeat goes out. */
const HEARTBEAT_INTERVAL_MS = 5000;
/** How long a heartbeat, or any round trip on the connection, may take before the feed counts as lost. */
const ROUND_TRIP_TIMEOUT_MS = 3000;
/** Pause between reconnection attempts. */
const RECONNECT_DELAY_MS = 1000;

/** TCP keepalive for every connection to PostgreSQL: finds a connection a NAT or firewall silently dropped. */
export const TCP_KEEPALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

/** Heartbeats share the channel with table topics; this prefix keeps them out of the tracker. */
const HEARTBEAT_PREFIX = "heartbeat:";

/** A dedicated connection LISTENing for changes; onLive reports whether notices are known to flow. */
export async function listenPostgres(
  url: string,
  onChange: (topic: string) => void,
  onLive: (live: boolean) => void,
): Promise<ChangeSubscription> {
  const self = randomBytes(6).toString("hex");
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let beat = 0;
  /** Heartbeats sent and not yet heard back: payload → resolve. */
  const awaited = new Map<string, () => void>();

  const scheduleRetry = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(scheduleRetry);
    }, RECONNECT_DELAY_MS);
  };

  /** Declares the feed lost and tears the connection down; its end handler schedules the reconnection. */
  const lose = (lost: pg.Client) => {
    if (client !== lost) return;
    onLive(false);
    destroy(lost);
  };

  /** Round trips run one at a time: a connection takes one query at a time, and later ones queue behind it. */
  let previous: Promise<unknown> = Promise.resolve();
  const roundTrip = (work: (connection: pg.Client) => Promise<unknown>): Promise<void> => {
    const next = previous.then(
      () => timedRoundTrip(work),
      () => timedRoundTrip(work),
    );
    previous = next.catch(() => undefined);
    return next;
  };

  /** A round trip on the current connection that must finish in time, or the connection is given up. */
  const timedRoundTrip = async (work: (connection: pg.Client) => Promise<unknown>): Promise<void> => {
    const connection = client;
    if (!connection) throw new Error("change feed not connected");
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        lose(connection);
        reject(new Error(`change feed: no answer within ${ROUND_TRIP_TIMEOUT_MS} ms`));
      }, ROUND_TRIP_TIMEOUT_MS);
    });
    try {
      await Promise.race([work(connection), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  const heartbeat = async () => {
    if (!client || stopped) return;
    beat += 1;
    const payload = `${HEARTBEAT_PREFIX}${self}:${beat}`;
    try {
      await roundTrip(async (connection) => {
        const heard = new Promise<void>((resolve) => awaited.set(payload, resolve));
        await connection.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, payload]);
        await heard;
      });
    } catch {
      // lose() has run; the end handler reconnects.
    } finally {
      awaited.delete(payload);
    }
  };
  const heartbeats = setInterval(() => void heartbeat(), HEARTBEAT_INTERVAL_MS);
  heartbeats.unref();

  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: ROUND_TRIP_TIMEOUT_MS,
      ...TCP_KEEPALIVE,
    });
    client = candidate;
    candidate.on("notification", ({ payload = "" }) => {
      if (!payload.startsWith(HEARTBEAT_PREFIX)) return onChange(payload);
      awaited.get(payload)?.();
    });
    // A dropped connection emits error then end; the end handler reconnects.
    candidate.on("error", () => undefined);
    candidate.on("end", () => {
      if (client === candidate) onLive(false);
      scheduleRetry();
    });
    try {
      await candidate.connect();
      await roundTrip((connection) => connection.query(`listen ${CHANGE_CHANNEL}`));
      if (!stopped && client === candidate) onLive(true);
    } catch (error) {
      destroy(candidate);
      throw error;
    }
  };

  try {
    await connect();
  } catch (error) {
    stopped = true;
    clearInterval(heartbeats);
    clearTimeout(retry);
    throw error;
  }
  return {
    // A round trip on the listening connection, answered only after the notices it already holds.
    sync: () => roundTrip((connection) => connection.query("select 1")),
    async stop() {
      stopped = true;
      clearInterval(heartbeats);
      clearTimeout(retry);
      onLive(false);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

/** Ends a connection at once, even a half-open one whose polite end would wait for an answer forever. */
function destroy(connection: pg.Client): void {
  const { stream } =
    (connection as unknown as { connection?: { stream?: { destroy(): void } } }).connection ?? {};
  if (stream) stream.destroy();
  else void connection.end().catch(() => undefined);
}

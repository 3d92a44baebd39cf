// The tab's one live connection (ADR 0032): an EventSource on GET /api/notifications/stream, opened while someone
// is signed in and closed at sign-out. The server sends `state` ({unread, coins}) at once and on each change;
// while the connection is down, `useIsLive()` is false and the unread count falls back to a 10 s poll.
import { useSyncExternalStore } from "react";

export const LIVE_STREAM_PATH = "/api/notifications/stream";
/** A stream the browser gave up on (the server answered an error) is tried again after this long. */
const REOPEN_AFTER_MS = 30_000;

export interface LiveState {
  unread: number;
  coins: number;
}

export interface LiveHandlers {
  onState(state: LiveState): void;
  /** The server ended the stream because the session ended. */
  onSignedOut(): void;
}

let source: EventSource | undefined;
let handlers: LiveHandlers | undefined;
let reopen: number | undefined;
let live = false;
const watchers = new Set<() => void>();

function setLive(next: boolean) {
  if (live === next) return;
  live = next;
  for (const watcher of watchers) watcher();
}

function connect() {
  reopen = undefined;
  if (typeof EventSource === "undefined") return;
  const opened = new EventSource(LIVE_STREAM_PATH);
  source = opened;
  opened.addEventListener("open", () => setLive(true));
  opened.addEventListener("state", (event) => {
    try {
      handlers?.onState(JSON.parse((event as MessageEvent<string>).data) as LiveState);
    } catch {
      // A malformed event changes nothing; the next one, or the poll, will.
    }
  });
  opened.addEventListener("signed-out", () => {
    closeLiveUpdates();
    handlers?.onSignedOut();
  });
  opened.addEventListener("error", () => {
    setLive(false);
    // CONNECTING: the browser reconnects by itself (after the server's `retry:`). CLOSED: it gave up.
    if (opened.readyState === EventSource.CLOSED && source === opened) {
      source = undefined;
      reopen = window.setTimeout(connect, REOPEN_AFTER_MS);
    }
  });
}

/** Opens the tab's live connection unless it is open; later calls only replace the handlers. */
export function openLiveUpdates(next: LiveHandlers): void {
  handlers = next;
  if (source || reopen !== undefined) return;
  connect();
}

/** Closes the connection (sign-out, or nobody signed in any more). */
export function closeLiveUpdates(): void {
  window.clearTimeout(reopen);
  reopen = undefined;
  source?.close();
  source = undefined;
  setLive(false);
}

/** Whether live updates arrive now; while they do not, screens poll instead. */
export function useIsLive(): boolean {
  return useSyncExternalStore(
    (watcher) => {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    () => live,
    () => false,
  );
}

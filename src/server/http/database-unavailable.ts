// Recognises the errors that mean "the database cannot be reached" rather than "this request is wrong": a refused
// or dropped connection, a pool that could not connect in time, a server shutting down or out of connections.
// They are answered 503 with Retry-After (docs/product-rules.md §7), so clients and load balancers wait and
// retry instead of reporting a server bug; the pool reconnects by itself once the database is back.

/** Seconds a client is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE =
  "Seva cannot reach its database just now. Please try again in a few seconds.";

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/** SQLSTATEs of a server that cannot serve now: admin/crash shutdown, starting up, out of connections. */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** What node-postgres says when a connection ends under a query or the pool could not get one in time. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Client was closed and is not queryable/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith("08")) return true;
    }
    if (typeof message === "string" && DRIVER_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// What the log may say about a request and an error. Logs are read by operators and copied to log stores, so
// they carry no password, no session token and no e-mail address (docs/product-rules.md §1, "no secrets leave
// the server"): request URLs lose secret-looking query values and e-mail addresses, and errors keep their
// type, message, codes and stack frames but never the values a failed query was given or a database error's
// detail.
import type { FastifyRequest } from "fastify";

const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/gi;
const PASSWORD_HASH = /\$argon2(?:id|i|d)\$[^\s"',)]*/g;
const SECRET_QUERY_KEY = /pass|token|secret|session|sid|cookie|auth|key/i;
const REDACTED = "[redacted]";
const MAX_CAUSE_DEPTH = 3;

/** Text with e-mail addresses and password hashes replaced. */
export function redactText(text: string): string {
  return text.replace(EMAIL, "[email]").replace(PASSWORD_HASH, "[hash]");
}

function containsEmail(text: string): boolean {
  return redactText(text) !== text;
}

function decodeQueryPart(part: string): string {
  try {
    return decodeURIComponent(part.replaceAll("+", " "));
  } catch {
    return part;
  }
}

/** The URL with e-mail addresses removed and the values of secret-looking query keys replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  // A calendar feed's address is its own secret (ADR 0036).
  const pathPart = redactText(queryStart === -1 ? url : url.slice(0, queryStart)).replace(
    /^\/calendar\/[^/]+$/,
    "/calendar/[redacted]",
  );
  if (queryStart === -1) return pathPart;
  const query = url
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const separator = pair.indexOf("=");
      if (separator === -1) return containsEmail(decodeQueryPart(pair)) ? REDACTED : pair;
      const key = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const decodedValue = decodeQueryPart(value);
      const isSecret = SECRET_QUERY_KEY.test(decodeQueryPart(key)) || containsEmail(decodedValue);
      return `${redactText(key)}=${isSecret ? REDACTED : value}`;
    });
  return `${pathPart}?${query.join("&")}`;
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fields of driver errors that name things (never values): SQLSTATE, constraint, table, column. */
const NAMING_FIELDS = [
  "code",
  "statusCode",
  "severity",
  "routine",
  "schema",
  "table",
  "column",
  "constraint",
];

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * An error as the log shows it. pino's standard serializer copies every enumerable property, which for a failed
 * drizzle query is its `params` (e-mails, password hashes) and for a PostgreSQL error its `detail` ("Key
 * (email)=(…) already exists"); this one keeps an allow-list instead.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)), stack: "" };
  const message = redactText(withoutParams(error.message));
  // The stack's first lines repeat the message (with a failed query's parameters); keep only the frames.
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const serialized: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join("\n"),
  };
  for (const field of NAMING_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === "string" || typeof value === "number") serialized[field] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    serialized.cause = serializeError(error.cause, depth + 1);
  }
  return serialized;
}

/** drizzle's "Failed query: <sql>\nparams: <values>" without the values. */
function withoutParams(message: string): string {
  const index = message.indexOf("\nparams:");
  return index === -1 ? message : message.slice(0, index);
}

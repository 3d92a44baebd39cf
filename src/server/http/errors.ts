// Typed application errors, mapped to HTTP once in the error handler. 4xx messages tell the caller what to fix;
// 5xx bodies never carry internals.

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly fieldErrors?: FieldErrors,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new AppError(400, message, "bad_request", fieldErrors);
export const unauthorized = (message = "Unauthorized") => new AppError(401, message, "unauthorized");
export const forbidden = (message: string) => new AppError(403, message, "forbidden");
export const notFound = (message: string) => new AppError(404, message, "not_found");
export const conflict = (message: string, fieldErrors?: FieldErrors) =>
  new AppError(409, message, "conflict", fieldErrors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, "rate_limited", undefined, retryAfterSeconds);
export const serviceUnavailable = (message: string, retryAfterSeconds?: number) =>
  new AppError(503, message, "unavailable", undefined, retryAfterSeconds);

/** PostgreSQL's unique_violation, from either driver (pg or PGlite). */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === "23505";
}

/** The SQLSTATE of a database error, looked up through wrapping errors (drizzle wraps the driver's). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

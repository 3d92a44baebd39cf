// Typed domain errors that services raise without knowing about HTTP; the error handler (http/error-handler.ts)
// maps them to responses once. 4xx messages tell the caller what to fix;
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
/** A link that was valid once and is no longer (an expired verification link). */
export const gone = (message: string) => new AppError(410, message, "gone");
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, "rate_limited", undefined, retryAfterSeconds);
export const serviceUnavailable = (message: string, retryAfterSeconds?: number) =>
  new AppError(503, message, "unavailable", undefined, retryAfterSeconds);

/** The 403 for the wrong role: the route guard's, and a service's that re-checks a role inside its transaction. */
export const ROLE_MESSAGES = {
  student: "Only students can do this",
  admin: "Admin access required",
} as const;

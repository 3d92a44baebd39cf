// Database errors by their SQLSTATE, from either driver (pg or PGlite).

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

// One mapping from errors to HTTP answers: `{message, code?, fieldErrors?}` (docs/product-rules.md §6).
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { pgErrorCode } from "../db/pg-errors";
import { AppError, type FieldErrors, serviceUnavailable } from "../errors";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "./database-unavailable";

/**
 * Data errors a value from a request can cause (too long, out of range, not a valid date or number, a byte the
 * encoding refuses). Only these: another class-22 error (a division by zero, say) is the server's own bug and
 * stays a 500, so it is seen.
 */
const VALUE_REFUSALS = new Set(["22001", "22003", "22007", "22008", "22021", "22P02", "22P05"]);

/**
 * Database refusals a request's content can still cause when validation let it through (a race with a delete,
 * a value PostgreSQL cannot store): they are the caller's 4xx, never a 500.
 */
function databaseRefusal(error: unknown): { status: number; message: string } | undefined {
  const code = pgErrorCode(error);
  if (code === undefined) return undefined;
  if (code === "23505") return { status: 409, message: "This already exists" };
  if (code === "23503") return { status: 409, message: "A record this depends on no longer exists" };
  if (VALUE_REFUSALS.has(code)) return { status: 400, message: "A value in the request cannot be stored" };
  if (code === "23514") return { status: 400, message: "A value in the request is out of range" };
  return undefined;
}

function sendAppError(reply: FastifyReply, error: AppError) {
  if (error.retryAfterSeconds !== undefined) reply.header("Retry-After", String(error.retryAfterSeconds));
  return reply.code(error.statusCode).send({
    message: error.message,
    code: error.code,
    ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
  });
}

/** Messages that do not say which field they are about: zod's defaults and the contract's shared id rules. */
const NAMES_NO_FIELD = /^(invalid|expected|must|too|unrecognized|required)\b/i;

export function installErrorHandler(app: FastifyInstance): void {
  const outageLog = throttledOutageLog();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: FieldErrors = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || error.validationContext || "request";
        fieldErrors[field] ??= [];
        fieldErrors[field].push(issue.message ?? "Invalid value");
      }
      // The contract's messages name their field ("Image URL must be an http(s) address"), so they are shown to
      // people as they are; a generic one ("Must be a number") gets the field's path in front.
      const summary = Object.entries(fieldErrors)
        .map(([field, [message = "Invalid value"]]) =>
          NAMES_NO_FIELD.test(message) ? `${field}: ${message}` : message,
        )
        .join("; ");
      return reply.code(400).send({
        message: summary,
        code: "validation",
        fieldErrors,
      });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: answered 503 with when to come back, and logged as a warning at most every few
      // seconds (with how many calls it refused meanwhile), so an outage under load does not flood the log.
      outageLog.refused(request.log, error);
      return sendAppError(
        reply,
        serviceUnavailable(DATABASE_UNAVAILABLE_MESSAGE, DATABASE_RETRY_AFTER_SECONDS),
      );
    }
    const refusal = databaseRefusal(error);
    if (refusal) {
      request.log.warn({ err: error }, "database refused the request");
      return reply.code(refusal.status).send({ message: refusal.message, code: "refused" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, unsupported media type, body too large) are safe to show.
      return reply.code(status).send({ message: error.message, code: error.code ?? "bad_request" });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: "Internal Server Error", code: "internal" });
  });
}

const OUTAGE_LOG_INTERVAL_MS = 10_000;

function throttledOutageLog() {
  let lastLoggedAt = 0;
  let refusedSince = 0;
  return {
    refused(log: FastifyBaseLogger, error: unknown) {
      refusedSince += 1;
      const now = Date.now();
      if (now - lastLoggedAt < OUTAGE_LOG_INTERVAL_MS) return;
      log.warn({ err: error, refusedCalls: refusedSince }, "database unavailable: answering 503");
      lastLoggedAt = now;
      refusedSince = 0;
    },
  };
}

// One mapping from errors to HTTP answers: `{message, code?, fieldErrors?}` (PRODUCT-RULES §6).
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, type FieldErrors } from "./errors";

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header("Retry-After", String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: FieldErrors = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || error.validationContext || "request";
        fieldErrors[field] ??= [];
        fieldErrors[field].push(issue.message ?? "Invalid value");
      }
      const summary = Object.entries(fieldErrors)
        .map(([field, messages]) => `${field}: ${messages[0]}`)
        .join("; ");
      return reply.code(400).send({
        message: `Invalid ${error.validationContext ?? "request"}: ${summary}`,
        code: "validation",
        fieldErrors,
      });
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

// PostgreSQL cannot store the NUL character in text. Requests carrying one anywhere in their JSON body or query
// are refused up front with a clear 400, instead of failing deep in a query.
import type { FastifyInstance } from "fastify";
import { badRequest } from "../errors";

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 32 || value === null || typeof value !== "object") return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000") || containsNul(item, depth + 1)) return true;
  }
  return false;
}

export function installTextSafety(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      throw badRequest("Text may not contain NUL characters");
    }
  });
}

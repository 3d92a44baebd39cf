// Operational endpoints.
import { z } from "zod";
import { defineEndpoint } from "./endpoint";

export const systemContract = {
  health: defineEndpoint({
    method: "GET",
    path: "/api/health",
    access: "public",
    summary: "Liveness and database readiness (503 when the database does not answer)",
    response: z.object({ status: z.literal("ok"), database: z.literal("ok") }),
  }),
} as const;

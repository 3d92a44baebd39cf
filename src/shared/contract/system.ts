// Operational endpoints.
import { z } from "zod";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { apiRoutes } from "./routes";

export const systemContract = {
  health: defineEndpoint({
    ...apiRoutes.system.health,
    summary: "Liveness and database readiness (503 when the database does not answer)",
    response: z.object({ status: z.literal("ok"), database: z.literal("ok") }),
  }),
} as const satisfies Record<keyof typeof apiRoutes.system, Endpoint>;

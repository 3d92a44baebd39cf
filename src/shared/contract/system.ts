// Operational endpoints.
import { z } from "zod";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { apiRoutes } from "./routes";

export const systemContract = {
  health: defineEndpoint({
    ...apiRoutes.system.health,
    summary:
      "Liveness and database readiness: 503 when the database does not answer; 200 'degraded' while the change notices are lost (reads are then served uncached)",
    response: z.object({
      status: z.enum(["ok", "degraded"]),
      database: z.literal("ok"),
      /** live: caches are kept true by the database's notices; lost: nothing is cached until they return; off: caching disabled. */
      changeNotices: z.enum(["live", "lost", "off"]),
    }),
  }),
} as const satisfies Record<keyof typeof apiRoutes.system, Endpoint>;

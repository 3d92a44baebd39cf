// Vitest's bench mode for the benchmarks that call the services in process (bench/notification-cost/), apart from
// vitest.config.ts so that `npm test` never runs them. The database is made as the tests make it
// (test/global-setup.ts, test/db.ts): a copy of a migrated PGlite dump, or of a PostgreSQL template database
// when DATABASE_URL is set. Files run one after the other, each in its own worker, so they never share the machine.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { pathAliases } from "../path-aliases.ts";

export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  resolve: { alias: pathAliases },
  test: {
    environment: "node",
    include: [],
    globalSetup: ["test/global-setup.ts"],
    fileParallelism: false,
    hookTimeout: 300_000,
    benchmark: { include: ["bench/**/*.bench.ts"] },
  },
});

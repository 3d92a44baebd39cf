import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { pathAliases } from "./path-aliases.ts";

// Server and shared tests run in Node against a real database; client tests run in happy-dom.
// Playwright specs live in e2e/ and are not picked up here.
export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    // One worker per core. Vitest's default leaves a core free (one worker on CI's two), but the heaviest files wait
    // on servers they start as child processes, so two workers on two cores cut the PGlite run from 10.4 to 7.1
    // minutes (ADR 0057).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: [
            "src/server/**/*.test.ts",
            "src/shared/**/*.test.ts",
            "scripts/**/*.test.ts",
            "test/**/*.test.ts",
          ],
          globalSetup: ["test/global-setup.ts"],
          // Each worker imports the server once for all its files instead of once per file (about 2.5 s a file,
          // a fifth of the run). Every file opens its own database (test/db.ts), and no server module keeps state
          // a test depends on; the client's tests keep isolation (its toaster and prompts are module singletons).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: "client",
          environment: "happy-dom",
          include: ["src/client/**/*.test.{ts,tsx}"],
          setupFiles: ["test/client-setup.ts"],
          // Vitest's 5 s is too short on a two-core machine where the server's tests run beside these: a screen
          // test that pages through a list timed out in CI at 5.3 s.
          testTimeout: 20_000,
        },
      },
    ],
  },
});

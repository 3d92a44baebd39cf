import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { BROWSER_TEST_CHROMIUM_PATH, CHROMIUM_FLAGS } from "./e2e/chromium";
import {
  BASE_URL,
  createSiblingDatabases,
  sharedServerDatabaseUrl,
  sharedServerPort,
  WORKERS,
} from "./e2e/shared-servers";

// Fresh embedded databases per run, one folder per shared server. The config is evaluated again in each worker;
// the environment variables keep them all on what the runner created, and the runner removes the folders and the
// sibling PostgreSQL databases as it exits (after it has stopped the servers).
if (!process.env.SEVA_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "seva-e2e-"));
  process.env.SEVA_E2E_DATA_DIR = dataDir;
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  if (process.env.DATABASE_URL) createSiblingDatabases(process.env.DATABASE_URL, WORKERS);
}
const DATA_DIR = process.env.SEVA_E2E_DATA_DIR;

/**
 * Specs that check the page itself (axe and measured WCAG criteria, phone layout, the Content Security Policy, the
 * bundle budget, request rounds, the API reference page): CI's second leg, on PostgreSQL, leaves them out with
 * SEVA_E2E_ENGINE_LEG=postgres, as its first leg ran them on the same build and the database engine cannot change
 * them; every journey and rule runs on both engines. They are a third of the browser run (.ci/run, ADR 0057).
 */
const PAGE_ONLY_SPECS = [
  "accessibility.spec.ts",
  "opportunities-accessibility.spec.ts",
  "workflow-accessibility.spec.ts",
  "wcag-measured.spec.ts",
  "phone-ergonomics.spec.ts",
  "content-security-policy.spec.ts",
  "bundle-budget.spec.ts",
  "request-rounds.spec.ts",
  "api-reference.spec.ts",
].map((file) => `**/${file}`);

/**
 * Specs that start a server of their own on the embedded database whatever the leg (e2e/own-server.ts: mail to a
 * loopback SMTP server, the institution's sign-in, the demo's identity provider): on CI's PostgreSQL leg they would
 * repeat the first leg's run on the same engine, so that leg leaves them out too.
 */
const OWN_SERVER_SPECS = [
  "demo-sign-in.spec.ts",
  "password-reset.spec.ts",
  "service-record.spec.ts",
  "sso.spec.ts",
].map((file) => `**/${file}`);

export default defineConfig({
  testDir: "e2e",
  testIgnore: process.env.SEVA_E2E_ENGINE_LEG === "postgres" ? [...PAGE_ONLY_SPECS, ...OWN_SERVER_SPECS] : [],
  // Spec files run side by side, each worker on its own server (e2e/shared-servers.ts); a file's tests run in order.
  workers: WORKERS,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The longest journeys (two or three people, a dozen pages) take 35–60 s on a quiet 2-core machine and twice
  // that when CI shares it: the limit is there to stop a hung test, not to time one (bench/ measures speed).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: BASE_URL,
    // A failed test keeps its trace (each action with the page's DOM before and after it) and a screenshot of
    // where it stopped. The trace leaves out the screencast: filming every test cost Chromium's GPU and browser
    // processes about a sixth of the run's CPU on two cores, for frames only a failure would be looked at for
    // (ADR 0057).
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: BROWSER_TEST_CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: "node dist/server/main.js",
    url: `http://127.0.0.1:${sharedServerPort(index)}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(sharedServerPort(index)),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(String(DATA_DIR), `server-${index}`),
      SEED_DEMO: "true",
      ALLOWED_EMAIL_DOMAINS: "iimb.ac.in",
      LOG_LEVEL: "warn",
      // The demo's identity provider only where a spec asks for it (e2e/demo-sign-in.spec.ts starts its own server).
      DEMO_SIGN_IN: "false",
      // With DATABASE_URL (CI's second run) the browser tests run on that PostgreSQL database and its siblings,
      // which must be empty so each server seeds the demo. Registration there shows the password on screen only
      // when the operator chooses it (ADR 0033), as the tests do: they have no mail server.
      ...(process.env.DATABASE_URL
        ? {
            DATABASE_URL: sharedServerDatabaseUrl(process.env.DATABASE_URL, index),
            SESSION_SECRET: process.env.SESSION_SECRET ?? "",
            REGISTRATION: "unverified",
            // One connection: a request that took a second connection while holding one would wait for itself
            // and fail here, where production's pool of a few would only stall under load (ADR 0068).
            DATABASE_POOL_SIZE: "1",
          }
        : {}),
    },
  })),
});

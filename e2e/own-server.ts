// A server of a spec's own, on the embedded database in a fresh folder, for journeys that need settings the shared
// browser-test server does not have (outgoing mail to a loopback SMTP server, the institution's sign-in, passwords
// off). It runs the built server (dist/), as the shared one does.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";

/** A port of 127.0.0.1 nobody listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("no port");
  return address.port;
}

/**
 * This process's environment on the embedded database: CI's second run sets DATABASE_URL (its database belongs to
 * the shared servers) and a session secret, which an embedded server does without.
 */
export function embeddedEnv(values: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_SETTINGS_LEFT_OUT) delete env[name];
  return { ...env, ...values };
}

/** Settings a spec's own server never inherits from the shell: it gives those it wants. */
const INHERITED_SETTINGS_LEFT_OUT = [
  "DATABASE_URL",
  "SESSION_SECRET",
  "REGISTRATION",
  "CERTIFICATE_SIGNING_KEY",
  "DEMO_SIGN_IN",
  "OIDC_ISSUER",
  "OIDC_CLIENT_ID",
  "OIDC_CLIENT_SECRET",
  "OIDC_DISPLAY_NAME",
  "PASSWORD_LOGIN",
];

export interface OwnServer {
  baseUrl: string;
  port: number;
  /** The data folder: the embedded database, kept across restarts until `remove`. */
  dataDir: string;
  /** Starts the server with these settings (besides port, host, data folder and PUBLIC_URL), and waits for it. */
  start(settings: NodeJS.ProcessEnv): Promise<void>;
  /** Stops it and waits until it has exited (the embedded database is then free for a script). */
  stop(): Promise<void>;
  /** What the server has printed since it was last started. */
  output(): string;
  /** Stops it and deletes its data folder. */
  remove(): Promise<void>;
}

/** A server of its own at a free port; `start` it in beforeAll and `remove` it in afterAll. */
export async function ownServer(name: string): Promise<OwnServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `seva-e2e-${name}-`));
  let child: ChildProcess | undefined;
  let output = "";

  async function stop(): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGTERM");
    });
  }

  return {
    baseUrl,
    port,
    dataDir,
    async start(settings) {
      const env = embeddedEnv({
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        ...settings,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: baseUrl,
      });
      const started = spawn(process.execPath, ["dist/server/main.js"], {
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      output = "";
      started.stdout?.on("data", (chunk) => {
        output += chunk;
      });
      started.stderr?.on("data", (chunk) => {
        output += chunk;
      });
      await expect
        .poll(() => output, { timeout: 120_000, message: `the ${name} server starts` })
        .toContain("Seva is running at");
    },
    stop,
    output: () => output,
    async remove() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

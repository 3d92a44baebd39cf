// The built app as the page measurements run it (`npm run lighthouse`, bench/render-trace.ts): the production
// server on a fresh embedded demo database in a folder of its own, with a throwaway signing key, and a signed-in
// session's cookie for the demo's accounts.
import { type ChildProcess, spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { DEMO_ADMIN_PASSWORD, DEMO_STUDENT_PASSWORD } from "@server/demo/seed";
import { cpuMsOf } from "./process-stat";

const root = path.resolve(import.meta.dirname, "..");

export interface Account {
  email: string;
  password: string;
}

export const demoStudent: Account = { email: "asha.rao@iimb.ac.in", password: DEMO_STUDENT_PASSWORD };
export const demoAdmin: Account = { email: "admin@iimb.ac.in", password: DEMO_ADMIN_PASSWORD };

/**
 * Starts `command` with `env` over this process's environment (a key set to undefined is left out) and resolves
 * `captured` with the first capture of `ready` in its output (a URL, a port). The benches start their servers
 * with it too (bench/support.ts).
 */
export function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const captured = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const found = output.match(ready);
      if (found?.[1]) resolve(found[1]);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${command} exited with ${code}:\n${output}`)));
  });
  return { child, captured, output: () => output };
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** The built server (`dist/server/main.js`) on a fresh embedded demo in `dataDir`; resolves once it listens. */
export async function startDemoServer(dataDir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const server = startProcess(
    process.execPath,
    ["dist/server/main.js"],
    {
      // The embedded database, whatever this shell points at.
      DATABASE_URL: undefined,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      SESSION_SECRET: "lighthouse-session-secret-not-for-production-use",
      // Production requires a certificate-signing key; a throwaway one serves a measurement.
      CERTIFICATE_SIGNING_KEY: generateKeyPairSync("ed25519")
        .privateKey.export({ type: "pkcs8", format: "pem" })
        .toString(),
    },
    /running at (http:\/\/\S+)/,
  );
  const baseUrl = (await server.captured).replace("localhost", "127.0.0.1");
  await settled(server.child.pid);
  return { child: server.child, baseUrl };
}

/**
 * Waits until the server spends under a tenth of each second on the CPU (at most 20 s). Just after it listens the
 * demo server is busy for about a second (70 % of a core: its first queries, the embedded database's upkeep), which
 * weighed on the first run of every measurement (docs/performance.md, thirtieth pass).
 */
async function settled(pid: number | undefined): Promise<void> {
  if (pid === undefined) return;
  const cpuMs = () => cpuMsOf([pid]).get(pid) ?? 0;
  let before = cpuMs();
  for (let second = 0; second < 20; second++) {
    await setTimeout(1000);
    const now = cpuMs();
    if (now - before < 100) return;
    before = now;
  }
}

/** Signs `account` in and returns its session's cookie header. */
export async function signIn(baseUrl: string, account: Account): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-in of ${account.email} failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The middle value (the upper of the two middle ones for an even count): a measurement's runs summarised. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

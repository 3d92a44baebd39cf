// The real process, as `npm start` runs it: boots on an empty embedded database, seeds and prints the demo
// sign-ins, serves, shuts down cleanly on SIGTERM, and keeps its data for the next start.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const dataDir = mkdtempSync(path.join(tmpdir(), "seva-process-"));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  DATABASE_URL: "",
};

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startServer(): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> {
  const child = spawn(tsx, ["src/server/main.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const check = () => {
      const match = output.match(/running at (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      } else setTimeout(check, 100);
    };
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    check();
  });
  return { child, baseUrl: baseUrl.replace("localhost", "127.0.0.1"), output: () => output };
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

// Each test boots a real process (tsx, then PGlite): slow on a busy two-core machine, hence the long timeout.
describe("the server process on the embedded database", { timeout: 120_000 }, () => {
  it("seeds and prints the demo on first start, serves, and exits 0 on SIGTERM", async () => {
    const server = await startServer();
    expect(server.output()).toContain("admin@iimb.ac.in");
    expect(server.output()).toContain("SevaAdmin#2024");
    expect(await (await fetch(`${server.baseUrl}/api/health`)).json()).toEqual({
      status: "ok",
      database: "ok",
    });
    const login = await fetch(`${server.baseUrl}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@iimb.ac.in", password: "SevaAdmin#2024" }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).user.role).toBe("admin");
    const exited = exitCode(server.child);
    server.child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("keeps its data across restarts, does not seed twice, and create-admin adds an administrator", async () => {
    const created = spawnSync(
      tsx,
      [
        "scripts/create-admin.ts",
        "--email",
        "Dean@IIMB.ac.in",
        "--password",
        "a-long-admin-password",
        "--first-name",
        "Dean",
        "--last-name",
        "Office",
      ],
      { cwd: root, env, encoding: "utf8" },
    );
    expect(created.stdout + created.stderr).toContain("Administrator dean@iimb.ac.in created");
    expect(created.status).toBe(0);
    const duplicate = spawnSync(
      tsx,
      [
        "scripts/create-admin.ts",
        "--email",
        "dean@iimb.ac.in",
        "--password",
        "a-long-admin-password",
        "--first-name",
        "D",
        "--last-name",
        "O",
      ],
      { cwd: root, env, encoding: "utf8" },
    );
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr).toContain("already exists");
    const invalid = spawnSync(
      tsx,
      ["scripts/create-admin.ts", "--email", "dean@iimb.ac.in", "--password", "short"],
      {
        cwd: root,
        env,
        encoding: "utf8",
      },
    );
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toContain("--password must be at least 10 characters");

    const ledger = spawnSync(tsx, ["scripts/check-ledger.ts"], { cwd: root, env, encoding: "utf8" });
    expect(ledger.stdout).toContain("Ledger check passed");
    expect(ledger.status).toBe(0);

    const server = await startServer();
    expect(server.output()).not.toContain("Demo sign-ins");
    const login = await fetch(`${server.baseUrl}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "dean@iimb.ac.in", password: "a-long-admin-password" }),
    });
    expect((await login.json()).user.role).toBe("admin");
    const exited = exitCode(server.child);
    server.child.kill("SIGINT");
    expect(await exited).toBe(0);
  });

  it("refuses to start on invalid configuration with a clear message", () => {
    const result = spawnSync(tsx, ["src/server/main.ts"], {
      cwd: root,
      env: { ...env, PORT: "not-a-port" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid configuration");
    expect(result.stderr).toContain("PORT");
  });
});

// The real process, as `npm start` runs it: boots on an empty embedded database, seeds and prints the demo
// sign-ins, serves the client and the API, shuts down cleanly on SIGTERM, and keeps its data for the next start.
import { afterAll, describe, expect, it } from "vitest";
import {
  killServers,
  request,
  runCommand,
  runScript,
  serverCommand,
  serverEnv,
  signInOverHttp,
  startServer,
} from "./process-support";
import { startScriptEnvironment } from "./start-environment";
import { tempFolders } from "./temp-folders";

const dataDir = tempFolders("seva-process-")();
// As on a fresh checkout: the embedded database, and the demo seeded by default.
const env = serverEnv({ DATA_DIR: dataDir, SEED_DEMO: undefined, SESSION_SECRET: undefined });

afterAll(() => killServers());

// Each test boots a real process on PGlite: slow on a busy two-core machine, hence the long timeouts.
describe("the server process on the embedded database", { timeout: 240_000 }, () => {
  it("`npm start` (scripts/start.mjs) seeds and prints the demo, serves the client and the API, exits 0 on SIGTERM", async () => {
    // `npm start` gives node glibc's fixed mmap threshold before it starts (ADR 0074); the server runs with it.
    const startEnvironment = startScriptEnvironment();
    expect(startEnvironment).toEqual({ MALLOC_MMAP_THRESHOLD_: "4194304" });
    // start.mjs rebuilds first when the build is missing or older than the sources.
    const server = await startServer({
      env: { ...env, ...startEnvironment },
      command: [process.execPath, "scripts/start.mjs"],
      timeoutMs: 200_000,
    });
    expect(server.output()).toContain("Demo sign-ins");
    expect(server.output()).toContain("admin@iimb.ac.in");
    expect(server.output()).toContain("SevaAdmin#2024");
    expect(server.output()).toContain("SevaStudent#2024");
    // The demo's own identity provider is on by default (ADR 0041, "Demo provider") and mounted on this port.
    expect(server.output()).toContain("'Sign in with IIM Bangalore (demo)' on /login");
    const discovery = await fetch(`${server.baseUrl}/demo-sign-in/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);

    const shell = await fetch(`${server.baseUrl}/`);
    expect(shell.status).toBe(200);
    expect(shell.headers.get("content-type")).toContain("text/html");
    expect(await shell.text()).toContain('<div id="root"></div>');
    const health = await request(server.baseUrl, "", "GET", "/api/health");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok", database: "ok", changeNotices: "live" });

    const admin = await signInOverHttp(server.baseUrl, "admin@iimb.ac.in", "SevaAdmin#2024");
    expect((await request(server.baseUrl, admin.cookie, "GET", "/api/auth/user")).body.role).toBe("admin");
    expect(await server.stop("SIGTERM")).toBe(0);
  });

  it("keeps its data across restarts, does not seed twice, and create-admin adds an administrator", async () => {
    const createAdmin = (args: string[]) => runScript("create-admin", args, env);
    const created = await createAdmin(
      ["--email", "Dean@IIMB.ac.in", "--password", "a-long-admin-password"].concat([
        "--first-name",
        "Dean",
        "--last-name",
        "Office",
      ]),
    );
    expect(created.stdout + created.stderr).toContain("Administrator dean@iimb.ac.in created");
    expect(created.stdout).toContain("It is a break-glass account");
    expect(created.status).toBe(0);
    const duplicate = await createAdmin(
      ["--email", "dean@iimb.ac.in", "--password", "a-long-admin-password"].concat([
        "--first-name",
        "D",
        "--last-name",
        "O",
      ]),
    );
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr).toContain("already exists");
    const invalid = await createAdmin(["--email", "dean@iimb.ac.in", "--password", "short"]);
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toContain("--password must be at least 10 characters");

    const ledger = await runScript("check-ledger", [], env);
    expect(ledger.stdout).toContain("Ledger check passed");
    expect(ledger.status).toBe(0);

    const server = await startServer({ env });
    expect(server.output()).not.toContain("Demo sign-ins");
    const dean = await signInOverHttp(server.baseUrl, "dean@iimb.ac.in", "a-long-admin-password");
    expect((await request(server.baseUrl, dean.cookie, "GET", "/api/auth/user")).body.role).toBe("admin");
    // The demo administrator made in the first test is still there.
    await signInOverHttp(server.baseUrl, "admin@iimb.ac.in", "SevaAdmin#2024");
    expect(await server.stop("SIGINT")).toBe(0);
  });

  it("refuses to start on invalid configuration with a clear message", async () => {
    const [executable, ...args] = serverCommand();
    const result = await runCommand(executable as string, args, { ...env, PORT: "not-a-port" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid configuration");
    expect(result.stderr).toContain("PORT");
  });

  it("refuses to trust every proxy hop (TRUST_PROXY=true), saying what to set instead", async () => {
    const [executable, ...args] = serverCommand();
    const result = await runCommand(executable as string, args, { ...env, TRUST_PROXY: "true" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("TRUST_PROXY: true would trust every X-Forwarded-For hop");
    expect(result.stderr).toContain("name the proxies");
  });
});

// The embedded demo's own identity provider in Chromium (ADR 0041, "Demo provider"), on a server of its own started
// as `npm start` starts it (no OIDC_*, DEMO_SIGN_IN left at its default): /login offers 'Sign in with IIM Bangalore
// (demo)', the demo sign-in page on Seva's own port lists the seed's people, passes axe on a phone, and picking Asha
// Rao signs her in, and typing a new address makes a student who is asked the programme first.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";

const PHONE = { width: 390, height: 844 };

let server: ChildProcess | undefined;
let baseUrl: string;
let dataDir: string;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("no port");
  return address.port;
}

/** The demo as a fresh checkout runs it: the embedded database, seeded, nothing about sign-in configured. */
async function startServer(port: number): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    // The browser is on 127.0.0.1: the provider's issuer and Seva's callback must be on the same origin.
    PUBLIC_URL: baseUrl,
  };
  for (const name of [
    "DATABASE_URL",
    "SESSION_SECRET",
    "REGISTRATION",
    "CERTIFICATE_SIGNING_KEY",
    "DEMO_SIGN_IN",
    "OIDC_ISSUER",
    "OIDC_CLIENT_ID",
    "OIDC_CLIENT_SECRET",
  ])
    delete env[name];
  const child = spawn(process.execPath, ["dist/server/main.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  server = child;
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  await expect
    .poll(() => output, { timeout: 120_000, message: "the demo server starts" })
    .toContain("Seva is running at");
  expect(output).toContain("'Sign in with IIM Bangalore (demo)' on /login");
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "seva-e2e-demo-sign-in-"));
  await startServer(port);
});

test.afterAll(async () => {
  const child = server;
  if (child && child.exitCode === null) {
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a visitor signs in as Asha Rao through the demo's own identity provider, on a phone", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  const signInWith = page.getByRole("link", { name: "Sign in with IIM Bangalore (demo)" });
  await expect(signInWith).toBeVisible();
  await signInWith.click();

  await expect(page).toHaveURL(new RegExp(`^${baseUrl}/demo-sign-in/interaction/`));
  await expect(page).toHaveTitle("IIM Bangalore · Demo sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "Demo sign-in" })).toBeVisible();
  await expect(page.getByText("Microsoft Entra ID or Google Workspace")).toBeVisible();
  await expect(page.getByLabel("Institutional e-mail")).toBeVisible();
  await expectNoViolations(page);
  await expectNoHorizontalScroll(page);

  await page.getByRole("button", { name: /Asha Rao/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Asha!" })).toBeVisible();
  const me = await page.request.get(`${baseUrl}/api/auth/user`);
  expect(await me.json()).toMatchObject({ email: "asha.rao@iimb.ac.in", role: "student" });
  await context.close();
});

test("a visitor signs in as someone new by typing an address, and is asked the programme first", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByRole("link", { name: "Sign in with IIM Bangalore (demo)" }).click();
  const email = `tara.sen.${Date.now().toString(36)}@iimb.ac.in`;
  await page.getByLabel("Institutional e-mail").fill(email);
  await page.getByRole("button", { name: "Sign in as someone new" }).click();
  const question = page.getByRole("dialog", { name: "Which programme are you in?" });
  await expect(question).toBeVisible();
  const me = await page.request.get(`${baseUrl}/api/auth/user`);
  expect(await me.json()).toMatchObject({ email, firstName: "Tara", role: "student", programPrompt: true });
  await context.close();
});

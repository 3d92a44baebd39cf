// The embedded demo's own identity provider in Chromium (ADR 0041, "Demo provider"), on a server of its own started
// as `npm start` starts it (no OIDC_*, DEMO_SIGN_IN left at its default): /login offers 'Sign in with IIM Bangalore
// (demo)', the demo sign-in page on Seva's own port lists the seed's people, passes axe on a phone, and picking Asha
// Rao signs her in, and typing a new address makes a student who is asked the programme first.
import { expect, test } from "@playwright/test";
import { type OwnServer, ownServer } from "./own-server";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";

const PHONE = { width: 390, height: 844 };

let server: OwnServer;
let baseUrl: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await ownServer("demo-sign-in");
  baseUrl = server.baseUrl;
  // The demo as a fresh checkout runs it: the embedded database, seeded, nothing about sign-in configured. The
  // browser is on 127.0.0.1 (PUBLIC_URL): the provider's issuer and Seva's callback are on that one origin.
  await server.start({ SEED_DEMO: "true" });
  expect(server.output()).toContain("'Sign in with IIM Bangalore (demo)' on /login");
});

test.afterAll(async () => {
  await server?.remove();
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

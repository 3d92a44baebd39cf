// The institution's sign-in in Chromium (docs/product-rules.md §13, ADR 0041), against a server of its own that
// signs people in through a real OpenID Connect provider on loopback (test/oidc-provider.ts) and e-mails through a
// real SMTP server: a newcomer on a phone signs in with the institution's account, is made a student, answers the
// programme question once and signs out; an existing demo student's account is linked by its verified e-mail and
// the owner is told by e-mail; an address from outside the school is refused with a page that says why and makes
// nothing. Then passwords are turned off: a student's password is refused and the break-glass administrator's is not.
import { execFileSync } from "node:child_process";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { startTestProvider, type TestProvider } from "../test/oidc-provider";
import { type Delivery, smtpUrl, startSmtpServer } from "../test/smtp-peer";
import { embeddedEnv, type OwnServer, ownServer } from "./own-server";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoStudent, skipInterests, skipTour, toast } from "./support";

const PROVIDER_NAME = "IIMB Account";
const CLIENT = { clientId: "seva-e2e", clientSecret: "seva-e2e-client-secret-not-a-real-one" };
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

let provider: TestProvider;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: OwnServer;
let baseUrl: string;

/** Starts the server on the embedded demo, with the institution's sign-in (and these extra settings). */
function startServer(extra: NodeJS.ProcessEnv = {}): Promise<void> {
  return server.start({
    SEED_DEMO: "true",
    SMTP_URL: smtpUrl(smtp.port),
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT.clientId,
    OIDC_CLIENT_SECRET: CLIENT.clientSecret,
    OIDC_DISPLAY_NAME: PROVIDER_NAME,
    ...extra,
  });
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await ownServer("sso");
  baseUrl = server.baseUrl;
  provider = await startTestProvider({ ...CLIENT, redirectUris: [`${baseUrl}/api/auth/sso/callback`] });
  // A demo student, known to the institution's provider by the same address as in Seva.
  provider.addAccount({ email: demoStudent.email, givenName: "Asha", familyName: "Rao" });
  await startServer();
});

test.afterAll(async () => {
  await server?.remove();
  await provider?.close();
  await smtp?.close();
});

async function newPage(browser: Browser, viewport: typeof PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
  return context.newPage();
}

/** From Seva's /login through the provider's own sign-in page, as the given address. */
async function signInWithProvider(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole("link", { name: `Sign in with ${PROVIDER_NAME}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function mailTo(address: string, subject: string): Promise<Delivery> {
  let found: Delivery | undefined;
  await expect
    .poll(
      () => {
        found = smtp.deliveries.find(
          (delivery) => delivery.recipients.includes(address) && delivery.raw.includes(subject),
        );
        return found !== undefined;
      },
      { timeout: 20_000, message: `an e-mail "${subject}" to ${address}` },
    )
    .toBe(true);
  if (!found) throw new Error("unreachable");
  return found;
}

test("a newcomer signs in with the institution's account on a phone, is asked the programme once, and signs out", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `meera.pillai.${Date.now().toString(36)}@iimb.ac.in`;
  provider.addAccount({ email, givenName: "Meera", familyName: "Pillai" });
  const page = await newPage(browser, PHONE);
  await page.goto(`${baseUrl}/login`);
  await expect(page.getByRole("link", { name: `Sign in with ${PROVIDER_NAME}` })).toBeVisible();
  await expectNoViolations(page);
  await signInWithProvider(page, email);

  // Back in Seva, signed in as a new student: the programme is asked before anything else.
  const question = page.getByRole("dialog", { name: "Which programme are you in?" });
  await expect(question).toBeVisible();
  await expectNoViolations(page);
  await expectNoHorizontalScroll(page);
  await page.keyboard.press("Escape");
  await expect(question).toBeVisible();
  await question.getByRole("radio", { name: "PGPBA" }).check();
  await question.getByRole("button", { name: "Continue" }).click();
  await expect(question).toBeHidden();
  await skipTour(page);
  await skipInterests(page);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Meera!" })).toBeVisible();

  const me = await page.request.get(`${baseUrl}/api/auth/user`);
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({
    email,
    firstName: "Meera",
    lastName: "Pillai",
    role: "student",
    program: "PGPBA",
    programPrompt: false,
  });
  // Asked once: a reload asks nothing.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Meera!" })).toBeVisible();
  await expect(question).toBeHidden();

  // Sign-out ends the Seva session.
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: /Sign Out/ }).click();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  expect((await page.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(401);

  // Signing in again finds the same account, welcomed back, and asks nothing more. The provider remembers its
  // own sign-in (sign-out ended Seva's session only, ADR 0041), so it sends the browser straight back.
  await page.goto(`${baseUrl}/login`);
  await page.getByRole("link", { name: `Sign in with ${PROVIDER_NAME}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Meera!" })).toBeVisible();
  await expect(question).toBeHidden();
});

test("an existing account is linked by its verified e-mail and its owner told; a foreign address is refused", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, LAPTOP);
  await signInWithProvider(page, demoStudent.email);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Asha!" })).toBeVisible();
  const told = await mailTo(demoStudent.email, PROVIDER_NAME);
  expect(told.raw).toContain(PROVIDER_NAME);

  const outsider = "ravi.outsider@gmail.com";
  provider.addAccount({ email: outsider, givenName: "Ravi", familyName: "Outsider" });
  const stranger = await newPage(browser, PHONE);
  await signInWithProvider(stranger, outsider);
  await expect(stranger).toHaveURL(/\/sign-in\/refused\?reason=domain$/);
  await expect(
    stranger.getByRole("heading", { level: 1, name: "This account is not one Seva accepts" }),
  ).toBeVisible();
  await expect(stranger.getByText("iimb.ac.in").first()).toBeVisible();
  await expectNoViolations(stranger);
  await expectNoHorizontalScroll(stranger);
  expect((await stranger.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(401);
});

test("with passwords off, a student's password is refused and the institution's sign-in still works", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  await server.stop();
  // The break-glass administrator, made by the command an operator runs while the server is stopped (the
  // embedded database has one process at a time).
  execFileSync("npx", ["tsx", "scripts/create-admin.ts", ...breakGlassArgs()], {
    env: embeddedEnv({ DATA_DIR: server.dataDir }),
    stdio: "pipe",
  });
  await startServer({ PASSWORD_LOGIN: "false" });
  const page = await newPage(browser, PHONE);
  await page.goto(`${baseUrl}/login`);
  await expect(page.getByRole("link", { name: `Sign in with ${PROVIDER_NAME}` })).toBeVisible();
  await expect(page.getByLabel("Password")).toBeHidden();
  await page.getByRole("button", { name: "Administrator sign-in with a password" }).click();
  await page.getByLabel("E-mail").fill(demoStudent.email);
  await page.getByLabel("Password").fill(demoStudent.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page)).toContainText(
    `Password sign-in is turned off here. Sign in with ${PROVIDER_NAME}.`,
  );
  await expectNoViolations(page);

  await signInWithProvider(page, demoStudent.email);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Asha!" })).toBeVisible();
  // Her password no longer signs in here, so Settings offers no password change.
  await page.goto(`${baseUrl}/profile`);
  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Change password" })).toHaveCount(0);

  // The break-glass administrator still signs in with the password create-admin gave them.
  const admin = await newPage(browser, LAPTOP);
  await admin.goto(`${baseUrl}/login`);
  await admin.getByRole("button", { name: "Administrator sign-in with a password" }).click();
  await admin.getByLabel("E-mail").fill(BREAK_GLASS.email);
  await admin.getByLabel("Password").fill(BREAK_GLASS.password);
  await admin.getByRole("button", { name: "Sign In" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  // A password chosen by whoever ran the command: its owner is asked to replace it (ADR 0025).
  await expect(admin.getByRole("region", { name: "Choose your own password" })).toBeVisible();
});

const BREAK_GLASS = { email: "it.desk@iimb.ac.in", password: "Break-Glass#2026-only" };

function breakGlassArgs(): string[] {
  return [
    "--email",
    BREAK_GLASS.email,
    "--password",
    BREAK_GLASS.password,
    "--first-name",
    "Devika",
    "--last-name",
    "Rao",
  ];
}

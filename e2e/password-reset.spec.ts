// Account recovery in Chromium, against a server of its own that e-mails through a real SMTP server on loopback
// (docs/product-rules.md §9, ADR 0033): a student registers and gets the temporary password by e-mail, forgets
// it, asks for a link from /login, follows the e-mailed link, chooses a new password and signs in with it; the
// session they had elsewhere has ended, and the link does not work a second time. The recovery pages pass axe on
// a phone.
import { expect, type Page, test } from "@playwright/test";
import { type Delivery, partsOf, smtpUrl, startSmtpServer } from "../test/smtp-peer";
import { type OwnServer, ownServer } from "./own-server";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { signInThroughApi } from "./support";

const EMAIL = "rohan.mehta@iimb.ac.in";
const TEMPORARY_PASSWORD = /\b[a-z2-9]{4}(?:-[a-z2-9]{4}){3}\b/;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: OwnServer;
let baseUrl: string;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await ownServer("reset");
  baseUrl = server.baseUrl;
  // The embedded database on every run (CI's PostgreSQL database belongs to the main browser-test server).
  await server.start({ SEED_DEMO: "false", SMTP_URL: smtpUrl(smtp.port) });
});

test.afterAll(async () => {
  await server?.remove();
  await smtp?.close();
});

/** The next message to the address with this subject, once the server's outbox worker has sent it. */
async function mailTo(address: string, subject: string, after: number): Promise<Delivery> {
  let found: Delivery | undefined;
  await expect
    .poll(
      () => {
        found = smtp.deliveries
          .slice(after)
          .find((delivery) => delivery.recipients.includes(address) && delivery.raw.includes(subject));
        return found !== undefined;
      },
      { timeout: 15_000, message: `an e-mail "${subject}" to ${address}` },
    )
    .toBe(true);
  if (!found) throw new Error("unreachable");
  return found;
}

async function signInThroughForm(page: Page, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("E-mail").fill(EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("a student who forgot the password resets it through the e-mailed link", async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

  // Registration by e-mail: the password arrives in the inbox, never on screen.
  let sent = smtp.deliveries.length;
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel("First name").fill("Rohan");
  await page.getByLabel("Last name").fill("Mehta");
  await page.getByLabel("Institutional e-mail").fill(EMAIL);
  await page.getByLabel("Program").selectOption("PGP");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText(`We have sent an e-mail to ${EMAIL}`)).toBeVisible();
  const welcome = await mailTo(EMAIL, "Your Seva temporary password", sent);
  const temporaryPassword = TEMPORARY_PASSWORD.exec(partsOf(welcome.raw).text)?.[0] ?? "";
  expect(temporaryPassword).not.toBe("");
  await expect(page.getByText(temporaryPassword)).toHaveCount(0);

  // Signed in on another device, which the reset must sign out.
  const otherDevice = await browser.newContext();
  await signInThroughApi(otherDevice.request, { email: EMAIL, password: temporaryPassword }, baseUrl);
  expect((await otherDevice.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(200);

  // Forgotten: ask for a link from the sign-in page.
  sent = smtp.deliveries.length;
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("E-mail").fill(EMAIL);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expect(page.getByLabel("Institutional e-mail")).toHaveValue(EMAIL);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "If an account uses that address" })).toBeVisible();

  const resetMail = await mailTo(EMAIL, "Reset your Seva password", sent);
  const link = new RegExp(`${baseUrl}/reset-password#token=[A-Za-z0-9_-]{43}`).exec(
    partsOf(resetMail.raw).text,
  )?.[0];
  expect(link).toBeDefined();

  // The link: the token leaves the address bar at once; a new password is chosen.
  await page.goto(link ?? "");
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByText(`for ${EMAIL}`)).toBeVisible();
  expect(page.url()).toBe(`${baseUrl}/reset-password`);
  await page.getByLabel("New password", { exact: true }).fill("rohan-remembers-2026");
  await page.getByLabel("Confirm new password").fill("rohan-remembers-2026");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL(`${baseUrl}/login`);
  await expect(page.getByText("Password Changed").first()).toBeVisible();

  // The other device is signed out; the new password signs in; the old one and the used link do not work.
  expect((await otherDevice.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(401);
  await otherDevice.close();
  const oldPassword = await page.request.post(`${baseUrl}/api/login`, {
    data: { email: EMAIL, password: temporaryPassword },
    headers: { origin: baseUrl },
  });
  expect(oldPassword.status()).toBe(401);
  await signInThroughForm(page, "rohan-remembers-2026");
  await expect(page).toHaveURL(`${baseUrl}/`);

  await page.goto(link ?? "");
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a New Link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
  await page.close();
});

test("the recovery pages pass axe and fit a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/forgot-password`);
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expectNoViolations(page);
  await expectNoHorizontalScroll(page);
  await page.goto(`${baseUrl}/reset-password#token=${"x".repeat(43)}`);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expectNoViolations(page);
  await expectNoHorizontalScroll(page);
  await context.close();
});

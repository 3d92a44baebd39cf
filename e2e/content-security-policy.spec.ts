// The Content Security Policy the server sends, as Chromium enforces it: the app itself runs without a single
// violation, while script injected into the page (an inline <script>, an inline event handler, a javascript:
// URL) does not run and is reported. A control run with the header stripped shows the same injections do run,
// so it is the policy, not the injection technique, that stops them.
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { demoStudent, signIn } from "./support";

interface Violation {
  directive: string;
  blockedURI: string;
}

declare global {
  interface Window {
    __violations: Violation[];
    __pwnedByScript?: number;
    __pwnedByHandler?: number;
    __pwnedByUrl?: number;
  }
}

/** Records every CSP violation from the first byte of each document on. */
async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__violations.push({ directive: event.effectiveDirective, blockedURI: event.blockedURI });
    });
  });
}

const violations = (page: Page) => page.evaluate(() => window.__violations);

/** What an XSS payload would do once it reached the DOM. */
async function inject(page: Page): Promise<void> {
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__pwnedByScript = 1";
    document.body.append(script);

    const holder = document.createElement("div");
    holder.innerHTML = '<img src="/no-such-image.png" alt="" onerror="window.__pwnedByHandler = 1">';
    document.body.append(holder);

    const link = document.createElement("a");
    link.href = "javascript:window.__pwnedByUrl = 1";
    link.textContent = "click me";
    document.body.append(link);
    link.click();
  });
}

async function openLogin(page: Page) {
  const response = await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in to Seva" })).toBeVisible();
  return response;
}

test("the app runs under its policy without a single violation", async ({ browser }) => {
  const context = await browser.newContext();
  await recordViolations(context);
  const page = await context.newPage();
  const response = await openLogin(page);
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("script-src 'self'");
  expect(policy.match(/script-src[^;]*/)?.[0]).not.toContain("unsafe-inline");

  await signIn(page, demoStudent);
  await expect(page.getByRole("heading", { name: /Welcome back, Asha!/ })).toBeVisible();
  // A library's eval probe would be reported here too: zod 4 tries `new Function` when it builds a schema, so a
  // client bundle with zod in it needs `z.config({ jitless: true })` before the first schema.
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Asha");
  expect(await violations(page)).toEqual([]);
  await context.close();
});

test("an injected inline script, inline event handler and javascript: URL do not run", async ({
  browser,
}) => {
  const context = await browser.newContext();
  await recordViolations(context);
  const page = await context.newPage();
  await openLogin(page);
  await inject(page);

  // Each blocked attempt is reported; wait for all three reports before checking nothing ran.
  await expect
    .poll(async () => (await violations(page)).filter((v) => v.blockedURI === "inline").length)
    .toBeGreaterThanOrEqual(3);
  const reported = (await violations(page)).map((v) => v.directive);
  expect(reported).toContain("script-src-elem");
  expect(reported).toContain("script-src-attr");
  const ran = await page.evaluate(() => [
    window.__pwnedByScript,
    window.__pwnedByHandler,
    window.__pwnedByUrl,
  ]);
  expect(ran).toEqual([undefined, undefined, undefined]);
  // The page itself still works.
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  await context.close();
});

test("control: with the policy header stripped, the same injections do run", async ({ browser }) => {
  const context = await browser.newContext();
  await recordViolations(context);
  await context.route("**/login", async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers["content-security-policy"];
    await route.fulfill({ response, headers });
  });
  const page = await context.newPage();
  await openLogin(page);
  await inject(page);
  await expect
    .poll(() => page.evaluate(() => [window.__pwnedByScript, window.__pwnedByHandler, window.__pwnedByUrl]))
    .toEqual([1, 1, 1]);
  expect(await violations(page)).toEqual([]);
  await context.close();
});

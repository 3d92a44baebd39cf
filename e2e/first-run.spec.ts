// Issue 16's check, "First run": a newcomer is welcomed (not welcomed back), asked once, skippably, to replace
// the temporary password, shown the three-step tour where they land, and the sign-in page explains itself; an
// admin never meets a blank /dashboard or a coin counter. Accounts are registered here, not taken from the demo
// (only promoting one to admin needs the demo's administrator).
import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoAdmin, openUserMenu, registerStudent, signIn, signInThroughApi, toast } from "./support";

test.setTimeout(120_000);

/** FIRST_RUN_VIEWPORT=390x844 runs the journeys on a phone; FIRST_RUN_SHOTS=dir saves screenshots there. */
const [width, height] = (process.env.FIRST_RUN_VIEWPORT ?? "1280x800").split("x").map(Number) as [
  number,
  number,
];
const shotsDir = process.env.FIRST_RUN_SHOTS;

async function shot(page: Page, name: string) {
  if (shotsDir)
    await page.screenshot({ path: `${shotsDir}/${name}-${width}x${height}.png`, fullPage: false });
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion: "reduce" });
  return context.newPage();
}

const passwordPrompt = (page: Page) => page.getByRole("region", { name: "Choose your own password" });
const navCoins = (page: Page) => page.getByRole("banner").getByText(/^\d+ coins$/);

test("the sign-in page names the page a deep link was for, shows errors beside the form and the password on request", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await page.goto("/opportunity/4242");
  await expect(page).toHaveURL(/\/login\?next=%2Fopportunity%2F4242$/);
  await expect(page.getByText("Sign in to view this opportunity.")).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByText("Sign in to view your dashboard.")).toBeVisible();

  await page.getByLabel("E-mail").fill("nobody.here@iimb.ac.in");
  await page.getByLabel("Password").fill("not-the-password");
  const show = page.getByRole("button", { name: "Show password" });
  await expect(show).toHaveAttribute("aria-pressed", "false");
  await show.click();
  await expect(page.getByLabel("Password")).toHaveAttribute("type", "text");
  await expect(page.getByRole("button", { name: "Hide password" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Login failed" })).toContainText(
    "Invalid credentials",
  );
  await expect(toast(page)).toContainText("Login Failed");
  await shot(page, "login-deep-link-error");
  await expectNoViolations(page);
  await expectNoHorizontalScroll(page);

  // Registration: a taken e-mail is said beside the form as well.
  const taken = await registerStudent("Ira");
  await page.goto("/register");
  await page.getByLabel("First name").fill("Ira");
  await page.getByLabel("Last name").fill("Menon");
  await page.getByLabel("Institutional e-mail").fill(taken.email);
  await page.getByLabel("Program").selectOption("PGP");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Registration failed" })).toContainText(
    "An account with this e-mail address already exists",
  );
  await expectNoViolations(page);
  await page.context().close();
});

test("a newcomer is welcomed, toured where they land without a jump, and asked once, skippably, for their own password", async ({
  browser,
}) => {
  const account = await registerStudent("Tara");
  const page = await newPage(browser);
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page)).toContainText("Welcome!");
  await expect(page).toHaveURL(/\/$/);

  const tour = page.getByRole("dialog", { name: "Welcome to Seva!" });
  await expect(tour).toContainText("Step 1 of 3");
  // Behind the modal tour the page is hidden from the accessibility tree, so look for the text itself.
  await expect(page.locator("h1", { hasText: "Welcome, Tara!" })).toBeAttached();
  await shot(page, "home-tour");
  await expectNoViolations(page);
  const scrollBefore = await page.evaluate(() => window.scrollY);
  await tour.getByRole("button", { name: "Next" }).click();
  await tour.getByRole("button", { name: "Next" }).click();
  await tour.getByRole("button", { name: "Start Exploring" }).click();
  await expect(tour).toBeHidden();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  await expect(page.locator("#main")).toBeFocused();

  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Tara!" })).toBeVisible();
  const prompt = passwordPrompt(page);
  await expect(prompt).toBeVisible();
  await expect(navCoins(page)).toHaveText("0 coins");
  await shot(page, "home-password-prompt");
  await expectNoViolations(page);
  await expectNoHorizontalScroll(page);
  await prompt.getByRole("button", { name: "Skip for now" }).click();
  await expect(prompt).toBeHidden();
  // A reload keeps the skip for this session, and the tour stays closed.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Tara!" })).toBeVisible();
  await expect(passwordPrompt(page)).toBeHidden();
  await expect(tour).toBeHidden();

  // The next sign-in is a return, and asks again without a skip until the password is changed.
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: /Sign Out/ }).click();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto("/login");
  await signIn(page, account);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Tara!" })).toBeVisible();
  await expect(tour).toBeHidden();
  const again = passwordPrompt(page);
  await expect(again).toBeVisible();
  await expect(again.getByRole("button", { name: "Skip for now" })).toHaveCount(0);
  await shot(page, "home-password-required");
  await expectNoViolations(page);

  const newPassword = "tara-chose-this-one";
  await again.getByLabel("Current password").fill(account.password);
  await again.getByLabel("New password", { exact: true }).fill(newPassword);
  await again.getByLabel("Confirm new password").fill(newPassword);
  await again.getByRole("button", { name: "Change Password" }).click();
  await expect(toast(page)).toContainText("Password Changed");
  await expect(again).toBeHidden();
  await page.context().close();
});

test("an admin opening /dashboard goes to /admin, and an admin's header has no coin counter", async ({
  browser,
}) => {
  const account = await registerStudent("Ravi");
  const adminApi = await browser.newContext();
  await signInThroughApi(adminApi.request, demoAdmin);
  const promoted = await adminApi.request.post("/api/admin/administrators", {
    data: { email: account.email },
  });
  expect(promoted.ok()).toBe(true);
  await adminApi.close();

  const page = await newPage(browser);
  await page.goto("/login");
  await signIn(page, account);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(navCoins(page)).toHaveCount(0);
  await shot(page, "admin-header");
  await expectNoViolations(page);
  await page.context().close();
});

// Shared steps of the end-to-end journeys: the demo accounts the seed creates, signing in, and the toast.
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from "@playwright/test";
import { postFrom, randomLoopbackAddress } from "./loopback";

export const demoAdmin = { email: "admin@iimb.ac.in", password: "SevaAdmin#2024" };
/** What a student says they did, for journeys that submit hours through the dialog (10–2,000 characters). */
export const SERVICE_DESCRIPTION =
  "Sorted and shelved two boxes of donated books, then logged them in the register.";
export const demoStudent = { email: "asha.rao@iimb.ac.in", password: "SevaStudent#2024" };

/** A unique institutional address, so every run registers a new account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}${Math.floor(Math.random() * 1000)}@iimb.ac.in`;
}

/**
 * The toast (Radix also copies its text into a live region, so look only inside the list). Found even while a
 * modal dialog, such as the tour at a student's first arrival, hides the rest of the page from the accessibility
 * tree: the toast is still on screen.
 */
export function toast(page: Page): Locator {
  return (
    page
      // Radix names the toasts' region "Notifications (F8)"; the product's own notifications are elsewhere.
      .getByRole("region", { name: /^Notifications \(F8\)$/, includeHidden: true })
      .getByRole("listitem", { includeHidden: true })
  );
}

export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  // 'Welcome!' at an account's first sign-in, 'Welcome back!' after (ADR 0025).
  await expect(toast(page)).toContainText(/Welcome( back)?!/);
}

/** A new student's first arrival opens the three-step tour (ADR 0025); a journey about something else skips it. */
export async function skipTour(page: Page): Promise<void> {
  await page.getByRole("dialog", { name: "Welcome to Seva!" }).getByRole("button", { name: "Skip" }).click();
  await expect(page.getByRole("dialog", { name: "Welcome to Seva!" })).toBeHidden();
}

/**
 * After the password prompt is answered, a student never asked about interests is asked once (ADR 0035); it does
 * not block the page, and a journey about something else may answer 'Skip for Now'.
 */
export async function skipInterests(page: Page): Promise<void> {
  const question = page.getByRole("region", { name: "What would you like to do?" });
  await question.getByRole("button", { name: "Skip for Now" }).click();
  await expect(question).toBeHidden();
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: /Account menu for/ }).click();
}

export type Viewport = { width: number; height: number };
export type Credentials = { email: string; password: string };

/**
 * Signs a request context in through the API, as the sign-in form does (its cookie then serves the context's
 * pages too), and returns the signed-in user's role. A spec with a server of its own passes that server's URL; the
 * shared server, the context's base URL, is the default.
 */
export async function signInThroughApi(
  request: APIRequestContext,
  account: Credentials,
  serverUrl = "",
): Promise<{ role: "student" | "admin" }> {
  const response = await request.post(`${serverUrl}/api/login`, {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), `signing in ${account.email}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { user: { role: "student" | "admin" } }).user;
}

/**
 * A page signed in as the account, in a browser context of its own, so several people can act side by side, open
 * at `at` (else where the account lands after signing in: /admin for an administrator, home for a student).
 * It signs in through the API, as the sign-in form does: the form has journeys of its own (first-run,
 * account-journey, accessibility), and typing into it for every other journey cost a page load and a redirect
 * each, about 2.3 s of the 5 s a sign-in took (ADR 0057).
 */
export async function signedInPage(
  browser: Browser,
  account: Credentials,
  { viewport = { width: 1280, height: 800 }, at }: { viewport?: Viewport; at?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
  const user = await signInThroughApi(context.request, account);
  const page = await context.newPage();
  await page.goto(at ?? (user.role === "admin" ? "/admin" : "/"));
  // The signed-in header is drawn (the form's journey waited for its toast): a check timed from here, such as
  // the bell's 2 s, does not also time the first load of a new context's bundle. A first arrival's tour or prompt
  // may hide the header from the accessibility tree, not from the screen.
  await expect(page.getByRole("button", { name: /^Account menu for/, includeHidden: true })).toBeVisible();
  return page;
}

/**
 * A new student for this run, registered through the API (no mail configured: the temporary password comes
 * back), so coins and badges start from zero whatever other specs did.
 */
export async function registerStudent(firstName: string, lastName = "Menon") {
  const email = uniqueEmail(`${firstName}.${lastName}`.toLowerCase());
  // From an address of its own: every spec registers students, and registration is limited per address.
  const response = await postFrom(randomLoopbackAddress(), "/api/register", {
    email,
    firstName,
    lastName,
    program: "PGP",
    role: "student",
  });
  expect(response.status, response.text).toBe(201);
  const { tempPassword } = JSON.parse(response.text) as { tempPassword: string };
  return { email, password: tempPassword, firstName };
}

/**
 * A new student whose first sign-in is already behind them, so a page signed in later opens without the tour of a
 * first arrival (ADR 0025).
 */
export async function registerReturningStudent(browser: Browser, firstName: string, lastName: string) {
  const account = await registerStudent(firstName, lastName);
  const first = await browser.newContext();
  await signInThroughApi(first.request, account);
  await first.close();
  return account;
}

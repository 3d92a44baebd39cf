// Shared steps of the end-to-end journeys: the demo accounts the seed creates, signing in, and the toast.
import { expect, type Locator, type Page } from "@playwright/test";

export const demoAdmin = { email: "admin@iimb.ac.in", password: "SevaAdmin#2024" };
export const demoStudent = { email: "asha.rao@iimb.ac.in", password: "SevaStudent#2024" };

/** A unique institutional address, so every run registers a new account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}${Math.floor(Math.random() * 1000)}@iimb.ac.in`;
}

/** The visible toast (Radix also copies its text into a live region, so look only inside the list). */
export function toast(page: Page): Locator {
  return page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
}

export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  // 'Welcome!' at an account's first sign-in, 'Welcome back!' after (ADR 0025).
  await expect(toast(page)).toContainText(/Welcome( back)?!/);
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: /Account menu for/ }).click();
}

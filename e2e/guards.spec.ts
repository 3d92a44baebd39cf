import { expect, test } from "@playwright/test";
import { demoAdmin, demoStudent, signIn, toast } from "./support";

test("a student opening /admin is told so and sent home", async ({ page }) => {
  await page.goto("/login");
  await signIn(page, demoStudent);
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/admin");
  await expect(toast(page)).toContainText("Access Denied");
  await expect(toast(page)).toContainText("Admin access required. Redirecting...");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toHaveCount(0);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole("heading", { name: /Welcome back, Asha!/ })).toBeVisible();
});

test("a signed-in user opening /login or /register goes home", async ({ page }) => {
  await page.goto("/login");
  await signIn(page, demoStudent);
  for (const path of ["/login", "/register"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: /Welcome back, Asha!/ })).toBeVisible();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  }
});

test("a visitor opening /profile signs in and comes back to it", async ({ page }) => {
  await page.goto("/profile");
  await expect(toast(page)).toContainText("You are logged out. Logging in again...");
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);

  await signIn(page, demoStudent);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Asha");
});

test("a visitor cannot be sent to another site after signing in", async ({ page }) => {
  await page.goto("/login?next=//evil.example/steal");
  await signIn(page, demoStudent);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test("an admin lands on /admin and sees the admin entries", async ({ page }) => {
  await page.goto("/login");
  await signIn(page, demoAdmin);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }),
  ).toHaveAttribute("aria-current", "page");

  await page.getByRole("button", { name: /Account menu for/ }).click();
  await expect(page.getByRole("menu")).toContainText("Administrator");
  await expect(page.getByRole("menuitem", { name: /Admin Dashboard/ })).toBeVisible();
});

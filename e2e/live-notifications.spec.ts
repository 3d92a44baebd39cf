// Issue 17's check of the live half: two browsers side by side. The admin accepts a student's application on the
// dashboard, and the student's bell counts it within 2 seconds without a reload; the student follows it from the
// panel and it is read; an approval moves the coins in the navigation bar live; the celebration shows once; the
// panel and the notifications page pass axe on a phone and on a laptop.
import { expect, type Page, test } from "@playwright/test";
import { hoursBody } from "../test/hours-body";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoAdmin, registerReturningStudent, signedInPage } from "./support";

test.setTimeout(180_000);

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole("dialog", { name: "Notifications" });
const navCoins = (page: Page, coins: number) =>
  page.getByRole("banner").getByText(`${coins} coins`, { exact: true });
const celebration = (page: Page) => page.getByRole("region", { name: "Well done!" });

async function coinsOf(page: Page): Promise<number> {
  return ((await (await page.request.get("/api/auth/user")).json()) as { coins: number }).coins;
}

test("the admin's decision reaches the student's bell live, is read from the panel, and the coins follow", async ({
  browser,
}) => {
  const admin = await signedInPage(browser, demoAdmin);

  const title = `Live Bell Drive ${Date.now()}`;
  const created = await admin.request.post("/api/opportunities", {
    data: {
      title,
      shortDescription: "Collect books for the village library with the literacy club.",
      fullDescription: "Sort and label donated books; two-hour shifts on campus.",
      type: "community_service",
      duration: "1-3days",
      coinsPerHour: 10,
      maxCoins: 100,
    },
  });
  expect(created.status()).toBe(201);
  const opportunity = (await created.json()) as { id: number };

  const student = await signedInPage(browser, await registerReturningStudent(browser, "Leela", "Bell"), {
    at: "/leaderboard",
  });
  await expect(bell(student)).toHaveAccessibleName("Notifications");
  const coins = await coinsOf(student);
  const applied = await student.request.post("/api/applications", {
    data: { opportunityId: opportunity.id },
  });
  expect(applied.status()).toBe(201);
  const application = (await applied.json()) as { id: number };
  // The confirmation of the application arrives live too.
  await expect(bell(student)).toHaveAccessibleName("Notifications, 1 unread", { timeout: 2000 });

  // The admin accepts on the dashboard; the student's bell counts it within 2 s of the click, without a reload.
  await admin.goto("/admin");
  const accept = admin
    .getByRole("region", { name: "Pending Applications" })
    .getByRole("listitem")
    .filter({ hasText: title })
    .getByRole("button", { name: /^Accept application from / });
  await expect(accept).toBeVisible();
  const clickedAt = Date.now();
  await accept.click();
  await expect(bell(student)).toHaveAccessibleName("Notifications, 2 unread", { timeout: 2000 });
  expect(Date.now() - clickedAt).toBeLessThan(2500);

  // The panel lists it; following it opens its screen and marks it read.
  await bell(student).click();
  await expect(panel(student)).toBeVisible();
  const accepted = panel(student).getByRole("link", { name: /Application accepted/ });
  await expect(accepted).toContainText(title);
  await expectNoViolations(student);
  await accepted.click();
  await expect(panel(student)).toBeHidden();
  await expect(student).toHaveURL(/\/dashboard$/);
  await expect(bell(student)).toHaveAccessibleName("Notifications, 1 unread");

  // Hours approved: the coins in the navigation bar follow at once.
  const submitted = await student.request.patch(`/api/applications/${application.id}/submit-hours`, {
    data: hoursBody(3),
  });
  expect(submitted.status()).toBe(200);
  await expect(navCoins(student, coins)).toBeAttached();
  const approved = await admin.request.post(`/api/applications/${application.id}/approve-hours`, {
    data: { coinsAwarded: 30 },
  });
  expect(approved.status()).toBe(200);
  await expect(navCoins(student, coins + 30)).toBeAttached({ timeout: 2000 });
  await expect(bell(student)).toHaveAccessibleName("Notifications, 2 unread", { timeout: 2000 });

  // The next page load celebrates what was earned, once; the one after does not.
  const markedSeen = student.waitForResponse((response) =>
    response.url().endsWith("/api/notifications/celebration/seen"),
  );
  await student.reload();
  await expect(celebration(student)).toContainText("You earned 30 coins");
  await expectNoViolations(student);
  expect((await markedSeen).status()).toBe(200);
  await student.reload();
  await expect(student.getByRole("heading", { level: 1 })).toBeVisible();
  await student.waitForLoadState("networkidle");
  await expect(celebration(student)).toHaveCount(0);

  // The whole list: mark all as read.
  await bell(student).click();
  await panel(student).getByRole("link", { name: "See all notifications" }).click();
  await expect(student).toHaveURL(/\/notifications$/);
  await expect(student.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(student.getByText("1–3 of 3 notifications")).toBeVisible();
  await expectNoViolations(student);
  await student.getByRole("button", { name: "Mark all as read" }).click();
  await expect(bell(student)).toHaveAccessibleName("Notifications");
  await expect(student.getByRole("heading", { level: 2, name: "All read" })).toBeVisible();
});

test("the panel and the notifications page pass axe on a phone and a laptop, and the header stays slim", async ({
  browser,
}) => {
  const admin = await signedInPage(browser, demoAdmin);
  const account = await registerReturningStudent(browser, "Noor", "Bell");
  const created = await admin.request.post("/api/opportunities", {
    data: {
      title: `Phone Bell Walk ${Date.now()}`,
      shortDescription: "Walk with residents of the old-age home on Sunday mornings.",
      fullDescription: "Pair up with a resident for a slow walk and a chat in the garden.",
      type: "community_service",
      duration: "1-3days",
      coinsPerHour: 10,
      maxCoins: 100,
    },
  });
  const opportunity = (await created.json()) as { id: number };
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    const page = await signedInPage(browser, account, { viewport, at: "/leaderboard" });
    if (viewport.width === 390) {
      const applied = await page.request.post("/api/applications", {
        data: { opportunityId: opportunity.id },
      });
      expect(applied.status()).toBe(201);
    }
    await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread", { timeout: 2000 });
    const header = await page.getByRole("banner").boundingBox();
    expect(header?.height ?? 0).toBeLessThanOrEqual(88);
    await bell(page).click();
    await expect(panel(page).getByRole("link", { name: /Application received/ })).toBeVisible();
    await expectNoViolations(page);
    await expectNoHorizontalScroll(page);
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();
    await page.goto("/notifications");
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await expect(page.getByText("1–1 of 1 notification")).toBeVisible();
    await expectNoViolations(page);
    await expectNoHorizontalScroll(page);
    await page.context().close();
  }
});

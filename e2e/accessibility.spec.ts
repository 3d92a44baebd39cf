import { type Browser, expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoStudent, signIn } from "./support";

const viewports = [
  { name: "phone", width: 375, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
];

const publicPages = [
  { name: "landing", path: "/", ready: "Start Your Journey" },
  { name: "login", path: "/login", ready: "Sign in to Seva" },
  { name: "register", path: "/register", ready: "Create your account" },
  // The demo has no mail server: the page says reset needs e-mail (e2e/password-reset.spec.ts has it with mail).
  { name: "forgot password", path: "/forgot-password", ready: "Reset your password" },
  { name: "404", path: "/this/page/does/not/exist", ready: "404 Page Not Found" },
];

// axe needs a page from its own context (STACK.md).
async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
  return { context, page: await context.newPage() };
}

for (const viewport of viewports) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    for (const target of publicPages) {
      test(`${target.name} has no accessibility violations`, async ({ browser }) => {
        const { context, page } = await newPage(browser, viewport);
        await page.goto(target.path);
        await expect(page.getByText(target.ready).first()).toBeVisible();
        await expectNoViolations(page);
        await expectNoHorizontalScroll(page);
        await context.close();
      });
    }

    test("profile and its settings have no accessibility violations", async ({ browser }) => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto("/login");
      await signIn(page, demoStudent);
      await page.goto("/profile");
      await expect(page.getByRole("tab", { name: "Settings" })).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole("tab", { name: "Settings" }).click();
      await expect(page.getByRole("switch", { name: "Anonymize me on the leaderboard" })).toBeVisible();
      await expectNoViolations(page);
      await expectNoHorizontalScroll(page);
      await context.close();
    });
  });
}

test("the open account menu hides nothing focusable from assistive technology and shows where focus is", async ({
  browser,
}) => {
  const { context, page } = await newPage(browser, { width: 1280, height: 800 });
  await page.goto("/login");
  await signIn(page, demoStudent);
  const trigger = page.getByRole("button", { name: /account menu/i });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const firstItem = page.getByRole("menuitem").first();
  await expect(firstItem).toBeFocused();
  // WCAG 2.4.7: a 2 px indigo outline, not a background a shade off white.
  const outline = await firstItem.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: style.outlineWidth };
  });
  expect(outline).toEqual({ style: "solid", width: "2px" });
  expect(await page.locator("[aria-hidden='true'] a, [aria-hidden='true'] button").count()).toBe(0);
  await expectNoViolations(page);
  await page.keyboard.press("Escape");
  await expect(trigger).toBeFocused();
  await context.close();
});

test("at 320 px the sticky header keeps to one row of links within the scroll padding, and the leaderboard's filters fit", async ({
  browser,
}) => {
  const { context, page } = await newPage(browser, { width: 320, height: 640 });
  await page.goto("/login");
  await signIn(page, demoStudent);
  await page.goto("/leaderboard");
  await expect(page.getByRole("heading", { level: 1, name: "Leaderboard" })).toBeVisible();
  // WCAG 2.4.11: a control brought into view by the keyboard lands below the header, not under it.
  const { header, padding } = await page.evaluate(() => ({
    header: document.querySelector("header")?.getBoundingClientRect().height ?? 0,
    padding: Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
  }));
  expect(header).toBeGreaterThan(0);
  expect(header).toBeLessThanOrEqual(padding);
  // WCAG 1.4.10: the timeframe choice wraps its words instead of scrolling sideways.
  await expectNoHorizontalScroll(page);
  await expectNoViolations(page);
  await context.close();
});

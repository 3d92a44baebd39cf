// The WCAG 2.2 defects the issue 16 audit measured, kept fixed: a dialog's first focus on a short screen
// (2.4.11), the Approve Hours dialog at 320 px (1.4.10), errors shown while typing announced (4.1.3), and focus
// after a dialog's action lands on the page, not on <body> (2.4.3).
import { type Browser, expect, type Page, test } from "@playwright/test";
import { hoursBody } from "../test/hours-body";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoAdmin, registerStudent, SERVICE_DESCRIPTION, signedInPage, signInThroughApi } from "./support";

/** An opportunity, a new student accepted on it, and optionally hours they submitted. */
async function acceptedStudent(browser: Browser, name: string, submitHours?: number) {
  const admin = await signedInPage(browser, demoAdmin);
  const created = await admin.request.post("/api/opportunities", {
    data: {
      title: `Reading Hour ${name} ${Date.now()}`,
      shortDescription: "Read aloud to children at the ward's play corner.",
      fullDescription: "An hour of picture books and questions with children at the hospital's play corner.",
      type: "teaching",
      duration: "instant",
      coinsPerHour: 15,
      maxCoins: 300,
    },
  });
  expect(created.status()).toBe(201);
  const opportunity = (await created.json()) as { id: number; title: string };
  const account = await registerStudent(name);
  const student = await browser.newContext();
  await signInThroughApi(student.request, account);
  const applied = await student.request.post("/api/applications", {
    data: { opportunityId: opportunity.id },
  });
  expect(applied.status()).toBe(201);
  const applicationId = ((await applied.json()) as { id: number }).id;
  const accepted = await admin.request.put(`/api/applications/${applicationId}/status`, {
    data: { status: "accepted" },
  });
  expect(accepted.ok()).toBe(true);
  if (submitHours) {
    const submitted = await student.request.patch(`/api/applications/${applicationId}/submit-hours`, {
      data: hoursBody(submitHours),
    });
    expect(submitted.ok()).toBe(true);
  }
  await student.close();
  await admin.context().close();
  return { account, opportunity };
}

async function focusedBox(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right, tag: element.tagName };
  });
}

test("on a phone held sideways (640×400) the tour's first focus is on screen, inside the dialog", async ({
  browser,
}) => {
  const account = await registerStudent("Nila");
  const page = await signedInPage(browser, account, { viewport: { width: 640, height: 400 } });
  const tour = page.getByRole("dialog", { name: "Welcome to Seva!" });
  await expect(tour).toBeVisible();
  const box = await focusedBox(page);
  expect(box).not.toBeNull();
  expect(box?.top).toBeGreaterThanOrEqual(0);
  expect(box?.bottom).toBeLessThanOrEqual(400);
  expect(await tour.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  // Tab still reaches the tour's buttons, each scrolled into view as it takes focus.
  await page.keyboard.press("Tab");
  await expect(tour.getByRole("button", { name: "Skip" })).toBeFocused();
  await expect(tour.getByRole("button", { name: "Skip" })).toBeInViewport();
  await page.context().close();
});

test("at 320 px the Approve Hours dialog fits the screen and every control in it can be reached", async ({
  browser,
}) => {
  const { account, opportunity } = await acceptedStudent(browser, "Mira", 8);
  const page = await signedInPage(browser, demoAdmin, {
    viewport: { width: 320, height: 640 },
    at: `/admin/applications/${opportunity.id}`,
  });
  await page.getByRole("button", { name: `Approve 8 hours from ${account.firstName} Menon` }).click();
  const dialog = page.getByRole("dialog", { name: "Approve Hours" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("The student was shown 120 coins");
  const fit = await dialog.evaluate((element) => ({
    overflow: element.scrollWidth - element.clientWidth,
    left: element.getBoundingClientRect().left,
    right: element.getBoundingClientRect().right,
  }));
  expect(fit.overflow).toBeLessThanOrEqual(0);
  expect(fit.left).toBeGreaterThanOrEqual(0);
  expect(fit.right).toBeLessThanOrEqual(320);
  for (const control of [
    dialog.getByLabel("Coins to award"),
    dialog.getByRole("button", { name: "Approve" }),
  ]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport();
  }
  await expectNoHorizontalScroll(page);
  await expectNoViolations(page);
  await page.context().close();
});

test("an error shown while typing is announced, and focus stays on the page after the dialog's action", async ({
  browser,
}) => {
  const { account } = await acceptedStudent(browser, "Devika");
  // Signed in before (through the API), so no tour greets them here.
  const page = await signedInPage(browser, account, {
    viewport: { width: 390, height: 844 },
    at: "/dashboard",
  });
  await page.getByRole("button", { name: /^Submit Hours for Reading Hour Devika/ }).click();
  const dialog = page.getByRole("dialog", { name: "Submit Hours" });
  const hours = dialog.getByLabel("Hours served");
  await hours.fill("0");
  const message = dialog.getByText("Enter a whole number of hours from 1 to 200");
  await expect(message).toBeVisible();
  // The message is written into a polite live region that was on the page before it.
  expect(await message.evaluate((element) => element.closest('[aria-live="polite"]') !== null)).toBe(true);
  await expect(hours).toHaveAttribute("aria-invalid", "true");

  await hours.fill("3");
  await dialog.getByLabel("What did you do?").fill(SERVICE_DESCRIPTION);
  await dialog.getByRole("button", { name: "Submit Hours" }).click();
  await expect(dialog).toBeHidden();
  // The Submit Hours button gave way to 'Hours Under Review'; focus moved to the page around it, not <body>.
  await expect.poll(() => focusedBox(page)).not.toBeNull();
  await page.context().close();
});

test("after Reject Hours on the dashboard, the item leaves its queue and focus stays in the queue", async ({
  browser,
}) => {
  const { account } = await acceptedStudent(browser, "Ishaan", 5);
  const page = await signedInPage(browser, demoAdmin, {
    viewport: { width: 1280, height: 800 },
    at: "/admin",
  });
  const hours = page.getByRole("region", { name: "Hours to Review" });
  await hours
    .getByRole("button", { name: new RegExp(`^Reject 5 hours from ${account.firstName} Menon`) })
    .click();
  const dialog = page.getByRole("dialog", { name: "Reject Hours" });
  await dialog.getByLabel("Feedback for the student").fill("Please add the dates you served.");
  await dialog.getByRole("button", { name: "Reject Hours" }).click();
  await expect(dialog).toBeHidden();
  await expect(hours.getByText(`${account.firstName} Menon`)).toHaveCount(0);
  await expect.poll(() => hours.evaluate((region) => region.contains(document.activeElement))).toBe(true);
  await page.context().close();
});

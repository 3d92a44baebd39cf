// Dates and calendars (docs/product-rules.md §12, ADR 0036): an admin dates an opportunity in the form, a student
// sees the date in India time and adds it to the calendar (the .ics download and the Google Calendar link), and
// finds the private feed's address in Profile → Settings.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { createOpportunity, opportunityIdOf, uniqueTitle } from "./opportunities-support";
import { expectNoViolations } from "./page-checks";
import { demoAdmin, demoStudent, signedInPage, toast } from "./support";

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("an admin dates an opportunity; a student sees the date and adds it to the calendar", async ({
  browser,
}) => {
  const title = uniqueTitle("Calendar Lake Clean-Up, Saturday;");
  const admin = await signedInPage(browser, demoAdmin);
  await createOpportunity(admin, { title });
  const id = await opportunityIdOf(admin, title);

  // The form: an end without a start is refused on the field; then Saturday 6 March 2027, 9:30–12:30 IST.
  await admin.goto(`/admin/opportunities/${id}/edit`);
  const starts = admin.getByLabel("Starts");
  const ends = admin.getByLabel("Ends");
  await ends.fill("2027-03-06T12:30");
  await admin.getByRole("button", { name: "Update Opportunity" }).click();
  await expect(ends).toHaveAttribute("aria-invalid", "true");
  await expect(ends).toHaveAccessibleDescription(/Give a start as well as an end/);
  await starts.fill("2027-03-06T09:30");
  await admin.getByRole("button", { name: "Update Opportunity" }).click();
  await expect(toast(admin)).toContainText("Opportunity updated successfully");
  await admin.goto(`/admin/opportunities/${id}/edit`);
  await expect(admin.getByLabel("Starts")).toHaveValue("2027-03-06T09:30");
  await expect(admin.getByLabel("Ends")).toHaveValue("2027-03-06T12:30");

  // The student's view, in India time whatever the browser's zone.
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const student = await signedInPage(browser, demoStudent, { viewport });
    await student.goto(`/opportunity/${id}`);
    await expect(student.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(student.getByText("Sat 6 Mar 2027, 9:30 am – 12:30 pm")).toBeVisible();

    await student.getByRole("button", { name: "Add to Calendar" }).click();
    const google = student.getByRole("menuitem", { name: /Google Calendar/ });
    const googleUrl = new URL((await google.getAttribute("href")) ?? "");
    expect(googleUrl.hostname).toBe("calendar.google.com");
    expect(googleUrl.searchParams.get("dates")).toBe("20270306T040000Z/20270306T070000Z");
    expect(googleUrl.searchParams.get("text")).toBe(title);
    await screenshot(student, `detail-with-calendar-menu-${name}`);
    await expectNoViolations(student);

    const [download] = await Promise.all([
      student.waitForEvent("download"),
      student.getByRole("menuitem", { name: "Download .ics" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^calendar-lake-clean-up-saturday-\d+\.ics$/);
    const ics = await readFile((await download.path()) ?? "", "utf8");
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain("DTSTART:20270306T040000Z");
    expect(ics).toContain("DTEND:20270306T070000Z");
    // Commas and semicolons escaped as RFC 5545 asks.
    expect(ics.replace(/\r\n[ \t]/g, "")).toContain(`SUMMARY:${title.replace(/([,;])/g, "\\$1")}`);

    // Profile → Settings: the private feed's address.
    await student.goto("/profile");
    await student.getByRole("tab", { name: "Settings" }).click();
    const feedBlock = student.getByRole("region", { name: "Calendar feed" });
    const feedUrl = await feedBlock.getByLabel("Feed link").inputValue();
    expect(feedUrl).toMatch(/\/calendar\/[0-9a-f]{32}\.ics$/);
    await expect(feedBlock.getByRole("link", { name: "the webcal:// link" })).toHaveAttribute(
      "href",
      feedUrl.replace(/^http:/, "webcal:"),
    );
    await feedBlock.scrollIntoViewIfNeeded();
    await expectNoViolations(student);
    await student.screenshot({ path: test.info().outputPath(`profile-feed-${name}.png`) });
    const feed = await student.request.get(new URL(feedUrl).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await feed.text()).toContain("X-WR-CALNAME:Seva · ");
    await student.context().close();
  }
});

test("resetting the feed link stops the old address", async ({ browser }) => {
  const student = await signedInPage(browser, demoStudent, { at: "/profile" });
  await student.getByRole("tab", { name: "Settings" }).click();
  const feedBlock = student.getByRole("region", { name: "Calendar feed" });
  const field = feedBlock.getByLabel("Feed link");
  const before = await field.inputValue();
  await feedBlock.getByRole("button", { name: "Reset Link" }).click();
  const dialog = student.getByRole("alertdialog", { name: "Reset your calendar link?" });
  await dialog.getByRole("button", { name: "Reset Link" }).click();
  await expect(toast(student)).toContainText("The old link no longer works");
  await expect(field).not.toHaveValue(before);
  expect((await student.request.get(new URL(before).pathname)).status()).toBe(404);
  expect((await student.request.get(new URL(await field.inputValue()).pathname)).status()).toBe(200);
});

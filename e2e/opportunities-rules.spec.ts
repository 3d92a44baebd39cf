import { expect, test } from "@playwright/test";
import {
  createOpportunity,
  demoStudents,
  opportunityIdOf,
  signedInPage,
  uniqueTitle,
} from "./opportunities-support";
import { toast } from "./support";

test("with one place left, the second student is refused with a clear message", async ({ browser }) => {
  const title = uniqueTitle("Single Seat Workshop");
  const admin = await signedInPage(browser);
  await createOpportunity(admin.page, { title, capacity: "1" });
  const id = await opportunityIdOf(admin.page, title);

  const first = await signedInPage(browser, demoStudents.priya);
  const second = await signedInPage(browser, demoStudents.rohan);
  // Both open it while the place is free.
  await first.page.goto(`/opportunity/${id}`);
  await second.page.goto(`/opportunity/${id}`);
  await expect(second.page.getByText("0/1")).toBeVisible();

  for (const { page } of [first, second]) {
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await page.getByRole("dialog").getByRole("checkbox").check();
    await page.getByRole("button", { name: "Apply Now" }).click();
  }
  await expect(toast(first.page)).toContainText("Application Submitted");
  await expect(first.page.getByText("Applied", { exact: true })).toBeVisible();
  await expect(toast(second.page)).toContainText("Application Failed");
  await expect(toast(second.page)).toContainText("This opportunity is full");
  await expect(second.page.getByText("1/1")).toBeVisible();

  await Promise.all([admin.context.close(), first.context.close(), second.context.close()]);
});

test("a private opportunity stays out of the students' list and opens by its share link only", async ({
  browser,
}) => {
  const title = uniqueTitle("Private Mentoring Circle");
  const admin = await signedInPage(browser);
  await createOpportunity(admin.page, { title, visibility: "private" });
  const id = await opportunityIdOf(admin.page, title);
  // The manager's card copies the share link (the manager page is still open, filtered to this title).
  await admin.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await admin.page.getByRole("button", { name: `Copy share link ${title}` }).click();
  await expect(toast(admin.page)).toContainText("Link Copied");
  const shareLink = await admin.page.evaluate(() => navigator.clipboard.readText());
  expect(shareLink).toMatch(new RegExp(`/opportunity/${id}\\?key=[0-9a-f]{32}$`));

  const student = await signedInPage(browser, demoStudents.arjun);
  const trending = student.page.getByRole("region", { name: "Trending Opportunities" });
  await expect(trending.getByRole("article").first()).toBeVisible();
  await expect(trending).not.toContainText(title);
  const search = await student.page.request.get(`/api/opportunities?search=${encodeURIComponent(title)}`);
  expect(await search.json()).toMatchObject({ opportunities: [], total: 0 });

  // Its bare id says nothing more than an id that names nothing.
  await student.page.goto(`/opportunity/${id}`);
  await expect(student.page.getByRole("heading", { level: 1, name: "Opportunity Not Found" })).toBeVisible();

  await student.page.goto(shareLink);
  await expect(student.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(student.page.getByText("Private: shared by link")).toBeVisible();

  // Share passes on the link the student came by, key included.
  await student.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await student.page.getByRole("button", { name: "Share" }).click();
  await expect(toast(student.page)).toContainText("Link Copied");
  expect(await student.page.evaluate(() => navigator.clipboard.readText())).toBe(shareLink);

  // Applying sends the key; having applied, the student reaches it by its bare id too.
  await student.page.getByRole("button", { name: "Apply", exact: true }).click();
  await student.page.getByRole("dialog").getByRole("checkbox").check();
  await student.page.getByRole("button", { name: "Apply Now" }).click();
  await expect(toast(student.page)).toContainText("Application Submitted");
  await student.page.goto(`/opportunity/${id}`);
  await expect(student.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(student.page.getByText("Applied", { exact: true })).toBeVisible();

  await Promise.all([admin.context.close(), student.context.close()]);
});

test("an unknown or malformed opportunity address says Opportunity Not Found", async ({ browser }) => {
  const student = await signedInPage(browser, demoStudents.kavya);
  for (const path of ["/opportunity/2147483000", "/opportunity/not-an-id"]) {
    await student.page.goto(path);
    await expect(
      student.page.getByRole("heading", { level: 1, name: "Opportunity Not Found" }),
    ).toBeVisible();
  }
  await student.page.getByRole("link", { name: "Back to Opportunities" }).click();
  await expect(student.page).toHaveURL(/\/$/);
  await student.context.close();
});

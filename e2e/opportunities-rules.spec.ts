import { expect, test } from "@playwright/test";
import { createOpportunity, demoStudents, opportunityIdOf, uniqueTitle } from "./opportunities-support";
import { demoAdmin, signedInPage, toast } from "./support";

test("with one place left, the second student is refused with a clear message", async ({ browser }) => {
  const title = uniqueTitle("Single Seat Workshop");
  const admin = await signedInPage(browser, demoAdmin);
  await createOpportunity(admin, { title, capacity: "1" });
  const id = await opportunityIdOf(admin, title);

  const first = await signedInPage(browser, demoStudents.priya);
  const second = await signedInPage(browser, demoStudents.rohan);
  // Both open it while the place is free.
  await first.goto(`/opportunity/${id}`);
  await second.goto(`/opportunity/${id}`);
  await expect(second.getByText("0/1")).toBeVisible();

  for (const page of [first, second]) {
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await page.getByRole("dialog").getByRole("checkbox").check();
    await page.getByRole("button", { name: "Apply Now" }).click();
  }
  await expect(toast(first)).toContainText("Application Submitted");
  await expect(first.getByText("Applied", { exact: true })).toBeVisible();
  await expect(toast(second)).toContainText("Application Failed");
  await expect(toast(second)).toContainText("This opportunity is full");
  await expect(second.getByText("1/1")).toBeVisible();

  await Promise.all([admin.context().close(), first.context().close(), second.context().close()]);
});

test("a private opportunity stays out of the students' list and opens by its share link only", async ({
  browser,
}) => {
  const title = uniqueTitle("Private Mentoring Circle");
  const admin = await signedInPage(browser, demoAdmin);
  await createOpportunity(admin, { title, visibility: "private" });
  const id = await opportunityIdOf(admin, title);
  // The manager's card copies the share link (the manager page is still open, filtered to this title).
  await admin.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await admin.getByRole("button", { name: `Copy share link ${title}` }).click();
  await expect(toast(admin)).toContainText("Link Copied");
  const shareLink = await admin.evaluate(() => navigator.clipboard.readText());
  expect(shareLink).toMatch(new RegExp(`/opportunity/${id}\\?key=[0-9a-f]{32}$`));

  const student = await signedInPage(browser, demoStudents.arjun);
  const trending = student.getByRole("region", { name: "Trending Opportunities" });
  await expect(trending.getByRole("article").first()).toBeVisible();
  await expect(trending).not.toContainText(title);
  const search = await student.request.get(`/api/opportunities?search=${encodeURIComponent(title)}`);
  expect(await search.json()).toMatchObject({ opportunities: [], total: 0 });

  // Its bare id says nothing more than an id that names nothing.
  await student.goto(`/opportunity/${id}`);
  await expect(student.getByRole("heading", { level: 1, name: "Opportunity Not Found" })).toBeVisible();

  await student.goto(shareLink);
  await expect(student.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(student.getByText("Private: shared by link")).toBeVisible();

  // Share passes on the link the student came by, key included.
  await student.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await student.getByRole("button", { name: "Share" }).click();
  await expect(toast(student)).toContainText("Link Copied");
  expect(await student.evaluate(() => navigator.clipboard.readText())).toBe(shareLink);

  // Applying sends the key; having applied, the student reaches it by its bare id too.
  await student.getByRole("button", { name: "Apply", exact: true }).click();
  await student.getByRole("dialog").getByRole("checkbox").check();
  await student.getByRole("button", { name: "Apply Now" }).click();
  await expect(toast(student)).toContainText("Application Submitted");
  await student.goto(`/opportunity/${id}`);
  await expect(student.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(student.getByText("Applied", { exact: true })).toBeVisible();

  await Promise.all([admin.context().close(), student.context().close()]);
});

test("an unknown or malformed opportunity address says Opportunity Not Found", async ({ browser }) => {
  const student = await signedInPage(browser, demoStudents.kavya);
  for (const path of ["/opportunity/2147483000", "/opportunity/not-an-id"]) {
    await student.goto(path);
    await expect(student.getByRole("heading", { level: 1, name: "Opportunity Not Found" })).toBeVisible();
  }
  await student.getByRole("link", { name: "Back to Opportunities" }).click();
  await expect(student).toHaveURL(/\/$/);
  await student.context().close();
});

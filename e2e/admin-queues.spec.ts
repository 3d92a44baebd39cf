// The admin dashboard's queues at a whole school's scale (issue 16, ADR 0027): more than 100 pending
// applications are paged 20 at a time on the server, the counts are the real totals, the oldest can be put
// first, and one opportunity's applications are found by typing part of its title.
import { type APIRequestContext, expect, type Locator, test } from "@playwright/test";
import {
  adminSession,
  apiSession,
  apply,
  createOpportunity,
  registerStudents,
  uniqueWord,
} from "./leaderboard-support";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoAdmin, signedInPage, toast } from "./support";

const STUDENTS = 11;
const OPPORTUNITIES = 10;
const count = (value: number) => new Intl.NumberFormat("en-IN").format(value);

interface ListedApplication {
  user: { firstName: string; lastName: string };
}

/** The pending queue as the API pages it: its total and the applicant at `offset` in that order. */
async function pendingAt(admin: APIRequestContext, offset: number, sort = "applied") {
  const response = await admin.get(
    `/api/admin/applications?status=pending&sort=${sort}&limit=1&offset=${offset}`,
  );
  expect(response.ok()).toBe(true);
  const [application] = (await response.json()) as ListedApplication[];
  return {
    total: Number(response.headers()["x-total-count"]),
    name: application ? `${application.user.firstName} ${application.user.lastName}` : "",
  };
}

let admin: APIRequestContext;
let focusTitle: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = await adminSession();
  // 11 students apply to 10 opportunities each: 110 pending applications on top of the demo's. The opportunities
  // are closed afterwards, so the students' feed of the other journeys stays as it was.
  const word = uniqueWord("Queue");
  const titles = Array.from(
    { length: OPPORTUNITIES },
    (_, index) => `${word} Riverbank Cleanup ${index + 1}`,
  );
  focusTitle = titles[6] ?? "";
  const ids = await Promise.all(titles.map((title) => createOpportunity(admin, title)));
  const students = await registerStudents(STUDENTS, "Queuer");
  for (const student of students) {
    const session = await apiSession(student);
    await Promise.all(ids.map((id) => apply(session, id)));
    await session.dispose();
  }
  for (const id of ids) expect((await admin.patch(`/api/opportunities/${id}/close`)).ok()).toBe(true);
});

test.afterAll(async () => {
  await admin?.dispose();
});

const range = (queue: Locator) => queue.getByRole("navigation", { name: "Pages of pending applications" });

test("more than 100 pending applications: the real total, paging past 100, oldest first and one opportunity", async ({
  browser,
}) => {
  const { total } = await pendingAt(admin, 0);
  expect(total).toBeGreaterThan(100);
  const page = await signedInPage(browser, demoAdmin, { at: "/admin" });

  const glance = page.getByRole("region", { name: "Platform at a glance" });
  await expect(glance).toContainText(`Pending Applications${count(total)}`);
  const pending = page.getByRole("region", { name: "Pending Applications" });
  await expect(pending.getByText(`${count(total)} in all`)).toBeAttached();
  await expect(range(pending)).toContainText(`1–20 of ${count(total)} pending applications`);
  await expect(pending.getByRole("listitem")).toHaveCount(20);

  // Five pages on, item 101 heads the page: nothing is out of reach.
  for (let pageNumber = 2; pageNumber <= 6; pageNumber += 1) {
    await range(pending).getByRole("button", { name: "Next" }).click();
    await expect(range(pending)).toContainText(`${count((pageNumber - 1) * 20 + 1)}–`);
  }
  await expect(range(pending)).toContainText(
    `101–${count(Math.min(120, total))} of ${count(total)} pending applications`,
  );
  const hundredAndFirst = await pendingAt(admin, 100);
  await expect(pending.getByRole("listitem").first()).toContainText(hundredAndFirst.name);

  // Oldest first starts again at the first page, with the longest waiting application.
  await pending.getByLabel("Order").selectOption({ label: "Oldest first" });
  await expect(range(pending)).toContainText(`1–20 of ${count(total)} pending applications`);
  const oldest = await pendingAt(admin, 0, "oldest");
  await expect(pending.getByRole("listitem").first()).toContainText(oldest.name);

  // One opportunity, found by typing part of its title.
  const filter = pending.getByRole("combobox", { name: "Opportunity" });
  const matches = pending.getByRole("listbox", { name: "Opportunity" }).getByRole("option");
  await filter.click();
  await filter.fill(focusTitle.split(" ").slice(0, 1).join(" "));
  await expect(matches).toHaveCount(OPPORTUNITIES + 1);
  await filter.fill(focusTitle);
  await expect(matches).toHaveCount(2);
  // The page with the pager and the open list of matches passes axe.
  await expectNoViolations(page);
  await matches.filter({ hasText: focusTitle }).click();
  await expect(filter).toHaveValue(focusTitle);
  await expect(range(pending)).toContainText(`1–${STUDENTS} of ${STUDENTS} pending applications`);
  await expect(pending.getByRole("listitem")).toHaveCount(STUDENTS);
  for (const item of await pending.getByRole("listitem").all()) await expect(item).toContainText(focusTitle);

  // A decision takes the item out of the queue; focus stays in the queue, not on the page's start.
  const first = pending.getByRole("listitem").first();
  await first.getByRole("button", { name: /^Accept application from/ }).click();
  await expect(toast(page)).toContainText("Application status updated successfully");
  await expect(range(pending)).toContainText(`1–${STUDENTS - 1} of ${STUDENTS - 1} pending applications`);
  await expect.poll(() => pending.evaluate((region) => region.contains(document.activeElement))).toBe(true);
  await expect(glance).toContainText(`Pending Applications${count(total - 1)}`);
  await page.context().close();
});

test("the queues on a phone: no sideways scroll, and axe passes with the list of matches open", async ({
  browser,
}) => {
  const page = await signedInPage(browser, demoAdmin, {
    viewport: { width: 390, height: 844 },
    at: "/admin",
  });
  const pending = page.getByRole("region", { name: "Pending Applications" });
  await expect(range(pending)).toContainText("1–20 of");
  await expectNoHorizontalScroll(page);
  const filter = page
    .getByRole("region", { name: "Hours to Review" })
    .getByRole("combobox", { name: "Opportunity" });
  await filter.click();
  await expect(page.getByRole("option", { name: "All opportunities" }).first()).toBeVisible();
  await expectNoViolations(page);
  await expectNoHorizontalScroll(page);
  await page.context().close();
});

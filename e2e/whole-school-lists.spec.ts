// Issue 16, "At a whole school's scale": with more opportunities than a page holds, every list still finds every
// one. The manager and the dashboard's Discover search and page on the server; the leaderboard's activity picker
// finds a closed opportunity by typing. Axe checks the manager and the open picker.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { adminSession, uniqueWord } from "./leaderboard-support";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoStudent, signedInPage } from "./support";

test.setTimeout(180_000);

const COUNT = 30;
/** A word only this run's opportunities carry, so their count is known whatever else the database holds. */
const batch = uniqueWord("Batch");
const needleWord = uniqueWord("zq");
const needleTitle = `${batch} needle`;
const closedTitle = uniqueWord("Closed archive ");
const numbered = (index: number) => `${batch} ${String(index).padStart(2, "0")}`;

async function post(
  admin: APIRequestContext,
  title: string,
  fullDescription = "Weekend sessions at the centre.",
) {
  const response = await admin.post("/api/opportunities", {
    data: {
      title,
      shortDescription: "Help the school's students at the community centre.",
      fullDescription,
      type: "teaching",
      duration: "1week",
      coinsPerHour: 10,
      maxCoins: 100,
      totalRequiredHours: 40,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test.beforeAll(async () => {
  const admin = await adminSession();
  // The needle first, so it is the oldest: the last of every newest-first list. Its word is in its full
  // description only.
  await post(admin, needleTitle, `Bring a ${needleWord} to the sessions.`);
  for (let index = 1; index < COUNT; index += 1) await post(admin, numbered(index));
  const closedId = await post(admin, closedTitle);
  expect((await admin.patch(`/api/opportunities/${closedId}/close`)).ok()).toBe(true);
  await admin.dispose();
});

const pager = (page: Page) => page.getByRole("navigation", { name: "Pages of opportunities" });

test("the manager searches and pages on the server: 'N–M of T', Next, and a match from a later page", async ({
  browser,
}) => {
  const page = await signedInPage(
    browser,
    { email: "admin@iimb.ac.in", password: "SevaAdmin#2024" },
    { at: "/admin/opportunities" },
  );
  await expect(
    page.getByRole("heading", { level: 1, name: "Opportunity & Application Manager" }),
  ).toBeVisible();
  // Every open opportunity is counted, far more than one page.
  await expect(pager(page)).toContainText(/^1–25 of [\d,]+ opportunities/);
  const total = Number(
    (await pager(page).locator("p").textContent())?.match(/of ([\d,]+)/)?.[1]?.replace(",", ""),
  );
  expect(total).toBeGreaterThanOrEqual(COUNT);
  await expectNoViolations(page);
  await expectNoHorizontalScroll(page);

  // The needle is the oldest open one: on the last page, and found at once by the server's search.
  await expect(page.getByRole("link", { name: needleTitle, exact: true })).toHaveCount(0);
  await page.getByLabel("Search by title").fill(needleTitle);
  await expect(pager(page)).toContainText("1–1 of 1 opportunity");
  await expect(page.getByRole("link", { name: needleTitle, exact: true })).toBeVisible();

  // The batch: 25 on the first page, the rest after Next.
  await page.getByLabel("Search by title").fill(batch);
  await expect(pager(page)).toContainText(`1–25 of ${COUNT} opportunities`);
  await expect(page.getByRole("link", { name: numbered(COUNT - 1), exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: numbered(1), exact: true })).toHaveCount(0);
  await pager(page).getByRole("button", { name: "Next" }).click();
  await expect(pager(page)).toContainText(`26–${COUNT} of ${COUNT} opportunities`);
  await expect(page.getByRole("link", { name: numbered(1), exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: needleTitle, exact: true })).toBeVisible();

  // The closed one is there under its status.
  await page.getByLabel("Search by title").fill(closedTitle);
  await expect(pager(page)).toContainText("0 opportunities");
  await page.getByLabel("Status").selectOption("closed");
  await expect(pager(page)).toContainText("1–1 of 1 opportunity");

  // A phone gets compact cards, with the same count and no sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel("Status").selectOption("open");
  await page.getByLabel("Search by title").fill(batch);
  await expect(pager(page)).toContainText(`1–25 of ${COUNT} opportunities`);
  await expect(page.getByRole("article", { name: numbered(COUNT - 1) })).toBeVisible();
  await expectNoViolations(page);
  await expectNoHorizontalScroll(page);
  await page.context().close();
});

test("a student's Discover finds an opportunity beyond the first page, by its text and by Show more", async ({
  browser,
}) => {
  const page = await signedInPage(browser, demoStudent, { at: "/dashboard" });
  const discover = page.getByRole("region", { name: "Discover" });
  const search = discover.getByLabel("Search opportunities");

  // A word of its full description only.
  await search.fill(needleWord);
  await expect(discover.getByText("Showing 1 of 1 opportunity")).toBeVisible();
  await expect(discover.getByRole("heading", { name: needleTitle })).toBeVisible();

  await search.fill(batch);
  await discover.getByRole("radio", { name: "Newest" }).click();
  await expect(discover.getByText(`Showing 12 of ${COUNT} opportunities`)).toBeVisible();
  await expect(discover.getByRole("heading", { name: needleTitle })).toHaveCount(0);
  await discover.getByRole("button", { name: "Show more" }).click();
  await expect(discover.getByText(`Showing 24 of ${COUNT} opportunities`)).toBeVisible();
  await discover.getByRole("button", { name: "Show more" }).click();
  await expect(discover.getByText(`Showing ${COUNT} of ${COUNT} opportunities`)).toBeVisible();
  await expect(discover.getByRole("heading", { name: needleTitle })).toBeVisible();
  await expect(discover.getByRole("button", { name: "Show more" })).toHaveCount(0);
  await page.context().close();
});

test("the leaderboard's activity picker finds a closed opportunity by typing", async ({ browser }) => {
  const page = await signedInPage(browser, demoStudent, { at: "/leaderboard" });
  const picker = page.getByRole("combobox", { name: "Activity" });
  await picker.fill(closedTitle.slice(0, -3));
  const option = page.getByRole("option", { name: closedTitle });
  await expect(option).toBeVisible();
  await expect(option).toContainText("Closed");
  await expectNoViolations(page);
  await option.click();
  await expect(picker).toHaveValue(closedTitle);
  // Nobody earned coins on it: its (empty) standings are shown, not the whole school's.
  await expect(page.getByRole("heading", { name: "No Rankings Available" })).toBeVisible();
  await page.context().close();
});

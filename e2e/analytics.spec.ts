// Issue 5's analytics checks in Chromium: the date range redraws the chart, Export Data downloads the CSV of
// what is shown, and axe finds nothing at phone and desktop sizes.
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  adminSession,
  apiSession,
  apply,
  createOpportunity,
  registerStudents,
  uniqueWord,
} from "./leaderboard-support";
import { demoAdmin, signIn } from "./support";

test.setTimeout(120_000);

async function adminPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/login");
  await signIn(page, demoAdmin);
  await page.goto("/admin/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  return page;
}

/** A donation drive with one application made today, so the current period is never empty. */
async function applicationToday() {
  const admin = await adminSession();
  const opportunityId = await createOpportunity(admin, uniqueWord("Analytics Book Drive "), "donation");
  await admin.dispose();
  const [student] = await registerStudents(1, "Analytics");
  if (!student) throw new Error("Registration failed");
  const session = await apiSession(student);
  await apply(session, opportunityId);
  await session.dispose();
}

const series = (page: Page, per: string, days: number) =>
  page.getByRole("table", { name: `Applications ${per}, last ${days} days` });

/** The width of today's bar: half as many days make bars twice as wide once the chart is drawn again. */
async function barWidth(page: Page): Promise<number> {
  const bar = page.locator(".recharts-bar-rectangle path").last();
  await expect(bar).toBeVisible();
  return (await bar.boundingBox())?.width ?? 0;
}

test("the date range redraws the chart and Export Data downloads what is shown", async ({ browser }) => {
  await applicationToday();
  const page = await adminPage(browser);

  await expect(page.getByLabel("Date range")).toHaveValue("30");
  // The chart follows the range in at most 14 points: 30 days are ten spans of 3 days.
  await expect(series(page, "per 3 days", 30).getByRole("row")).toHaveCount(11);
  const widthOf10 = await barWidth(page);
  const applications = page.getByRole("term").filter({ hasText: "Total Applications" }).locator("+ dd");
  await expect(applications).not.toHaveText("0");

  await page.getByLabel("Date range").selectOption("7");
  await expect(series(page, "per day", 7).getByRole("row")).toHaveCount(8);
  await expect.poll(() => barWidth(page)).toBeGreaterThan(widthOf10 * 1.2);
  await expect(page.getByText(/^Applications per day over the last 7 days/)).toBeVisible();
  const shownApplications = (await applications.textContent())?.replaceAll(",", "");
  // The chart's total is the range's total, as on the KPI card.
  await expect(page.getByText(/^Applications per day over the last 7 days/)).toContainText(
    `${await applications.textContent()} in all`,
  );

  await page.getByLabel("Date range").selectOption("90");
  await expect(series(page, "per week", 90).getByRole("row")).toHaveCount(13);
  await page.getByLabel("Date range").selectOption("7");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export Data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^seva-analytics-7-days-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe('\uFEFF"Section","Metric","Value","Previous Period","Change (%)"');
  expect(lines[1]).toBe('"Report","Date Range (days)","7","",""');
  expect(lines[3]).toMatch(new RegExp(`^"Key Figures","Total Applications","${shownApplications}","\\d+",`));
  expect(lines.filter((line) => line.startsWith('"Applications Over Time"'))).toHaveLength(7);
  expect(lines.filter((line) => line.startsWith('"Applications by Type"'))).toHaveLength(4);
  expect(lines.at(-1)).toBe("");
});

test("analytics has no axe violations at phone and desktop sizes", async ({ browser }) => {
  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    const page = await adminPage(browser, viewport);
    await expect(series(page, "per 3 days", 30)).toBeAttached();
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) })),
    ).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  }
});

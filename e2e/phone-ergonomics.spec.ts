// Issue 16, "Phone ergonomics" (ADR 0029) at 390×844: the Apply action is on the first screen of an opportunity
// and applying works from it, the toast that follows does not cover it, the student's home is under four screens
// tall, and the sticky header stays slim down to 320 px.
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoStudent, registerStudent, signedInPage, skipTour, toast } from "./support";

const phone = { width: 390, height: 844 };
/** The header's bound on phones: two slim rows (brand and account, then the links). */
const MAX_PHONE_HEADER_PX = 88;

interface ListedOpportunity {
  id: number;
  title: string;
  capacity: number | null;
  _count: { applications: number };
}

/** Places left on an opportunity: unlimited when it has no capacity. */
function placesLeft(opportunity: ListedOpportunity): number {
  return opportunity.capacity === null
    ? Number.POSITIVE_INFINITY
    : opportunity.capacity - opportunity._count.applications;
}

/**
 * An open opportunity with the most places left, which a new student can apply to. Not merely the first with a
 * place: other specs on the same server make single-seat opportunities and fill them while this one runs.
 */
async function openOpportunityWithRoom(page: Page): Promise<ListedOpportunity> {
  const response = await page.request.get("/api/opportunities?limit=50");
  expect(response.ok()).toBe(true);
  const { opportunities } = (await response.json()) as { opportunities: ListedOpportunity[] };
  const found = opportunities
    .filter((opportunity) => placesLeft(opportunity) > 0)
    .sort((a, b) => placesLeft(b) - placesLeft(a))[0];
  if (!found) throw new Error("the demo has no opportunity with a place left");
  return found;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("the element has no box on screen");
  return box;
}

async function headerHeight(page: Page) {
  return page.evaluate(() => ({
    header: document.querySelector("header")?.getBoundingClientRect().height ?? 0,
    padding: Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
  }));
}

async function newStudentOnPhone(browser: Browser, firstName: string): Promise<Page> {
  const student = await registerStudent(firstName);
  const page = await signedInPage(browser, student, { viewport: phone });
  await skipTour(page);
  return page;
}

test("on a phone the Apply button is on the first screen, applying works from it, and the toast stays clear of it", async ({
  browser,
}) => {
  const page = await newStudentOnPhone(browser, "Ira");
  const opportunity = await openOpportunityWithRoom(page);
  await page.goto(`/opportunity/${opportunity.id}`);
  await expect(page.getByRole("heading", { level: 1, name: opportunity.title })).toBeVisible();

  // One Apply button, in the bar fixed to the bottom of the screen, seen without scrolling.
  const apply = page.getByRole("button", { name: "Apply", exact: true });
  await expect(apply).toHaveCount(1);
  await expect(apply).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const bar = page.locator("[data-action-bar]");
  expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
  const barBox = await boxOf(bar);
  expect(barBox.y + barBox.height).toBeCloseTo(phone.height, 0);
  await expectNoViolations(page);
  await expectNoHorizontalScroll(page);

  // The page leaves room for the bar: scrolled to the end, the footer's last line shows above it.
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement?.scrollHeight ?? 0));
  const lastLine = page.getByText(/© 2024 Seva/);
  await expect(async () => {
    const lineBox = await boxOf(lastLine);
    expect(lineBox.y + lineBox.height).toBeLessThanOrEqual((await boxOf(bar)).y);
  }).toPass();
  await expect(apply).toBeInViewport();

  await apply.click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Apply Now" }).click();
  await expect(toast(page)).toContainText("Application Submitted");
  await expect(page.getByText("Applied", { exact: true })).toBeInViewport();

  // The toast shows at the top on phones: its box and the bar's do not meet.
  const toastBox = await boxOf(toast(page));
  const appliedBar = await boxOf(bar);
  expect(toastBox.y >= 0 && toastBox.y + toastBox.height <= appliedBar.y).toBe(true);
  await expectNoViolations(page);
  await page.context().close();
});

test("at 1280 px the apply card sits beside the text with its one Apply button, and no bar", async ({
  browser,
}) => {
  const student = await registerStudent("Tanvi");
  const page = await signedInPage(browser, student);
  await skipTour(page);
  const opportunity = await openOpportunityWithRoom(page);
  await page.goto(`/opportunity/${opportunity.id}`);
  await expect(page.getByRole("heading", { level: 1, name: opportunity.title })).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply", exact: true })).toHaveCount(1);
  // Beside the description, not under it (a new student's password prompt may push both below the fold).
  const applyBox = await boxOf(page.getByRole("button", { name: "Apply", exact: true }));
  const aboutBox = await boxOf(page.getByRole("heading", { level: 2, name: "About this opportunity" }));
  expect(applyBox.x).toBeGreaterThan(aboutBox.x + aboutBox.width);
  expect(
    await page.locator("[data-action-bar]").evaluate((element) => getComputedStyle(element).position),
  ).toBe("static");
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe("0px");
  await page.context().close();
});

test("a student's home with the demo's data is under four screens tall on a phone", async ({ browser }) => {
  const page = await signedInPage(browser, demoStudent, { viewport: phone });
  await expect(page.getByRole("heading", { level: 2, name: "Trending Opportunities" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Community Impact" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Trending Opportunities" }).getByRole("article")).toHaveCount(
    6,
  );
  await page.waitForLoadState("networkidle");
  const screens = await page.evaluate(
    () => (document.scrollingElement?.scrollHeight ?? Number.POSITIVE_INFINITY) / window.innerHeight,
  );
  console.log(`student home at 390×844: ${screens.toFixed(2)} screens tall`);
  expect(screens).toBeLessThan(4);
  await expectNoHorizontalScroll(page);
  await expectNoViolations(page);
  await page.context().close();
});

for (const width of [390, 320]) {
  test(`at ${width} px the sticky header is at most ${MAX_PHONE_HEADER_PX} px tall with every link in reach`, async ({
    browser,
  }) => {
    const page = await signedInPage(browser, demoStudent, { viewport: { width, height: 700 } });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const { header, padding } = await headerHeight(page);
    console.log(`header at ${width} px: ${header} px`);
    expect(header).toBeLessThanOrEqual(MAX_PHONE_HEADER_PX);
    expect(header).toBeLessThanOrEqual(padding);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Opportunities", "Leaderboard", "My Dashboard"]) {
      await expect(nav.getByRole("link", { name })).toBeInViewport();
    }
    await expectNoHorizontalScroll(page);
    await page.context().close();
  });
}

// Finding opportunities (issue 18, docs/product-rules.md §12): a student narrows /opportunities by skill and by
// text, shares the address, the shared page opens on the same filters and results, and the student applies.
import { expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoAdmin, registerStudent, signedInPage, skipTour, toast } from "./support";

/**
 * A word no other spec uses, letters only, so the full-text search finds just this run's opportunity. Its tail is
 * any letters: the spec searches for the word less its last two, which the stemmer may have cut shorter (…als,
 * …ant, …ate), and the search still finds it as written (ADR 0079).
 */
const TAIL_LETTERS = "abcdefghijklmnopqrstuvwxyz";
const uniqueWord = () =>
  `kathai${Array.from({ length: 8 }, () => TAIL_LETTERS[Math.floor(Math.random() * TAIL_LETTERS.length)]).join("")}`;

async function publish(admin: Page, word: string) {
  const title = `Heritage Walk Storytelling ${word}`;
  const created = await admin.request.post("/api/opportunities", {
    data: {
      title,
      shortDescription: "Tell the stories of Basavanagudi's old temples to visiting school groups.",
      fullDescription: "Read up on the neighbourhood's history with the heritage club, then lead two walks.",
      type: "community_service",
      duration: "1-3days",
      skills: ["Research", "Communication"],
      location: "Basavanagudi, Bengaluru",
      capacity: 8,
      coinsPerHour: 25,
      maxCoins: 300,
    },
  });
  expect(created.status()).toBe(201);
  return title;
}

test("a student finds an opportunity by skill and text, shares the address and applies", async ({
  browser,
}) => {
  const admin = await signedInPage(browser, demoAdmin);
  const word = uniqueWord();
  const title = await publish(admin, word);

  const student = await signedInPage(browser, await registerStudent("Ishaan", "Bhat"));
  await skipTour(student);
  await student
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Opportunities" })
    .click();
  await expect(student).toHaveURL(/\/opportunities$/);
  await expect(student.getByRole("heading", { name: "Find Opportunities" })).toBeVisible();

  // By skill: the chip narrows the list and the address says so.
  await student.getByRole("button", { name: "Research" }).click();
  await expect(student.getByRole("button", { name: "Research" })).toHaveAttribute("aria-pressed", "true");
  await expect(student).toHaveURL(/skills=Research/);
  // By text: a half-typed word already finds it (the last word is a prefix).
  await student.getByRole("searchbox", { name: "Search opportunities" }).fill(word.slice(0, -2));
  await expect(student).toHaveURL(new RegExp(`search=${word.slice(0, -2)}`));
  await expect(student.getByRole("link", { name: title })).toBeVisible();
  await expect(student.getByText("Showing 1 of 1 opportunity")).toBeVisible();
  await expect(student.getByLabel("Sort by")).toHaveValue("relevance");
  await expectNoViolations(student);
  await student.screenshot({ path: "test-results/opportunities-desktop.png" });

  // The address is the search: a new page opened on it shows the same filters and the same result.
  const shared = await student.context().newPage();
  await shared.goto(student.url());
  await expect(shared.getByRole("searchbox", { name: "Search opportunities" })).toHaveValue(
    word.slice(0, -2),
  );
  await expect(shared.getByRole("button", { name: "Research" })).toHaveAttribute("aria-pressed", "true");
  await expect(shared.getByText("Showing 1 of 1 opportunity")).toBeVisible();

  // Too narrow: the empty state offers to clear the filters.
  await shared.getByLabel("Minimum coins per hour").fill("900");
  await expect(shared.getByRole("heading", { name: "No opportunities match these filters" })).toBeVisible();
  await shared.screenshot({ path: "test-results/opportunities-desktop-empty.png" });
  await shared.getByRole("main").getByRole("button", { name: "Clear Filters" }).last().click();
  await expect(shared).toHaveURL(/\/opportunities$/);
  await expect(shared.getByRole("searchbox", { name: "Search opportunities" })).toHaveValue("");

  // And applies from the result.
  await student.getByRole("link", { name: title }).click();
  await expect(student.getByRole("heading", { name: title })).toBeVisible();
  await student.getByRole("button", { name: "Apply", exact: true }).click();
  const dialog = student.getByRole("dialog");
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Apply Now" }).click();
  await expect(toast(student)).toContainText("Application Submitted");
});

test("on a phone the filters open from a button that counts them, and the page fits", async ({ browser }) => {
  const admin = await signedInPage(browser, demoAdmin);
  const word = uniqueWord();
  await publish(admin, word);
  const student = await signedInPage(browser, await registerStudent("Tara", "Hegde"), {
    viewport: {
      width: 390,
      height: 844,
    },
  });
  await skipTour(student);
  await student.goto(`/opportunities?search=${word}&skills=Research&hasRoom=true`);
  await expect(student.getByText("Showing 1 of 1 opportunity")).toBeVisible();
  await expect(student.getByRole("complementary", { name: "Filters" })).toHaveCount(0);
  await expectNoHorizontalScroll(student);
  await student.screenshot({ path: "test-results/opportunities-phone.png", fullPage: true });

  await student.getByRole("button", { name: "Filters (2)" }).click();
  const filters = student.getByRole("dialog", { name: "Filters" });
  await expect(filters.getByRole("switch", { name: "Only with places left" })).toBeChecked();
  await student.screenshot({ path: "test-results/opportunities-phone-filters.png" });
  await expectNoViolations(student);
  await filters.getByLabel("Starting from").fill("2099-01-01");
  await filters.getByRole("button", { name: "Show 0 results" }).click();
  await expect(student.getByRole("button", { name: "Filters (3)" })).toBeVisible();
  await expect(student.getByRole("heading", { name: "No opportunities match these filters" })).toBeVisible();
  await student.screenshot({ path: "test-results/opportunities-phone-empty.png", fullPage: true });
  await expectNoViolations(student);
  // The narrowest phone still shows the search row without sideways scrolling (WCAG 1.4.10).
  await student.setViewportSize({ width: 320, height: 640 });
  await expectNoHorizontalScroll(student);
});

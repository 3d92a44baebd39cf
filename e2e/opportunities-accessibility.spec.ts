import { expect, test } from "@playwright/test";
import { demoStudents, uniqueTitle } from "./opportunities-support";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoAdmin, signedInPage } from "./support";

const viewports = [
  { name: "phone", width: 375, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
];

for (const viewport of viewports) {
  test.describe(`opportunity screens at ${viewport.width}x${viewport.height}`, () => {
    test("the student home and an opportunity with its apply dialog have no violations", async ({
      browser,
    }) => {
      const page = await signedInPage(browser, demoStudents.kavya, { viewport });
      const trending = page.getByRole("region", { name: "Trending Opportunities" });
      await expect(trending.getByRole("article").first()).toBeVisible();
      await expectNoViolations(page);
      await expectNoHorizontalScroll(page);

      // One the student has not applied to, so the Apply dialog can open.
      const notApplied = trending.getByRole("article").filter({ hasNotText: "Applied" }).first();
      const title = (await notApplied.getByRole("heading").textContent())?.trim() ?? "";
      expect(title).not.toBe("");
      await notApplied.getByRole("link").click();
      // The opportunity's own heading: the home's level-one heading is still there for a moment after the click,
      // and axe run while the next screen loaded found no level-one heading at all.
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expectNoViolations(page);
      await expectNoHorizontalScroll(page);

      await page.getByRole("button", { name: "Apply", exact: true }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoViolations(page);
      await page.context().close();
    });

    test("the manager and the opportunity form have no violations", async ({ browser }) => {
      const page = await signedInPage(browser, demoAdmin, {
        viewport,
        at: "/admin/opportunities",
      });
      await expect(
        page.getByRole("heading", { level: 1, name: "Opportunity & Application Manager" }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: /^Manage Applications / }).first()).toBeVisible();
      await expectNoViolations(page);
      await expectNoHorizontalScroll(page);

      // Close asks first; the question is checked too.
      await page
        .getByRole("button", { name: /^Close / })
        .first()
        .click();
      await expect(page.getByRole("alertdialog")).toContainText("Students can no longer apply");
      await expectNoViolations(page);
      await page.getByRole("button", { name: "Cancel" }).click();

      await page.goto("/admin/opportunities/new");
      await expect(page.getByRole("heading", { level: 1, name: "Create New Opportunity" })).toBeVisible();
      await page.getByLabel("Duration").selectOption("custom");
      await page.getByRole("button", { name: "Maths" }).click();
      await expectNoViolations(page);
      await expectNoHorizontalScroll(page);

      // A private opportunity: its card and its edit form offer the share link.
      const title = uniqueTitle("Private Reading Circle");
      const created = await page.request.post("/api/opportunities", {
        data: {
          title,
          shortDescription: "Read with a small group.",
          fullDescription: "A reading circle shared with one class.",
          visibility: "private",
        },
      });
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      await page.goto("/admin/opportunities");
      await page.getByLabel("Search by title").fill(title);
      await expect(page.getByRole("button", { name: `Copy share link ${title}` })).toBeVisible();
      await expectNoViolations(page);
      await expectNoHorizontalScroll(page);
      await page.goto(`/admin/opportunities/${id}/edit`);
      await expect(page.getByRole("button", { name: "Copy share link" })).toBeVisible();
      await expectNoViolations(page);
      await expectNoHorizontalScroll(page);

      await page.context().close();
    });
  });
}

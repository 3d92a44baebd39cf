// Accessibility of the workflow screens, with data in them and their dialogs open, at phone and desktop sizes.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { hoursBody } from "../test/hours-body";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoAdmin, signedInPage } from "./support";

const viewports = [
  { name: "phone", width: 375, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
];
const student = { email: "kavya.menon@iimb.ac.in", password: "SevaStudent#2024" };
const otherStudent = { email: "arjun.nair@iimb.ac.in", password: "SevaStudent#2024" };

// axe needs a page from its own context.

/** An opportunity with a pending application, one with hours under review, and one ready for hours. */
async function createWorkflowData(browser: Browser) {
  const admin = await signedInPage(browser, demoAdmin);
  const kavya = await signedInPage(browser, student);
  const arjun = await signedInPage(browser, otherStudent);
  const createOpportunity = async (title: string) => {
    const response = await admin.request.post("/api/opportunities", {
      data: {
        title,
        shortDescription: "Sort and pack donated books for village libraries.",
        fullDescription: "Sorting, labelling and packing in the library basement.",
        type: "donation",
        duration: "instant",
        coinsPerHour: 12,
        maxCoins: 120,
        totalRequiredHours: 40,
      },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const apply = async (page: Page, opportunityId: number) => {
    const response = await page.request.post("/api/applications", { data: { opportunityId } });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const accept = async (applicationId: number) => {
    const response = await admin.request.put(`/api/applications/${applicationId}/status`, {
      data: { status: "accepted", notes: "Application accepted by admin" },
    });
    expect(response.ok()).toBe(true);
  };

  const stamp = Date.now();
  const reviewed = await createOpportunity(`Book Drive Sorting ${stamp}`);
  const ready = await createOpportunity(`Library Packing ${stamp}`);
  const underReview = await apply(kavya, reviewed);
  await accept(underReview);
  expect(
    (await kavya.request.patch(`/api/applications/${underReview}/submit-hours`, { data: hoursBody(2) })).ok(),
  ).toBe(true);
  await accept(await apply(kavya, ready));
  await apply(arjun, reviewed);
  for (const page of [admin, kavya, arjun]) await page.context().close();
  return { opportunityId: reviewed };
}

let opportunityId = 0;

test.beforeAll(async ({ browser }) => {
  ({ opportunityId } = await createWorkflowData(browser));
});

for (const viewport of viewports) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test("the student dashboard and the Submit Hours dialog", async ({ browser }) => {
      const page = await signedInPage(browser, student, { viewport, at: "/dashboard" });
      await expect(page.getByText("Hours Under Review").filter({ visible: true }).first()).toBeVisible();
      await expect(page.getByRole("button", { name: /^Submit Hours for Library Packing/ })).toBeVisible();
      await expectNoViolations(page);
      await expectNoHorizontalScroll(page);

      await page.getByRole("button", { name: /^Submit Hours for Library Packing/ }).click();
      await page.getByLabel("Hours served").fill("0");
      await expectNoViolations(page);
      await page.context().close();
    });

    test("the admin dashboard and its Reject Hours dialog", async ({ browser }) => {
      const page = await signedInPage(browser, demoAdmin, { viewport, at: "/admin" });
      const hours = page.getByRole("region", { name: "Hours to Review" });
      await expect(hours.getByText("Kavya Menon").first()).toBeVisible();
      await expect(
        page.getByRole("region", { name: "Active Opportunities" }).getByRole("progressbar").first(),
      ).toBeVisible();
      await expectNoViolations(page);
      await expectNoHorizontalScroll(page);

      await hours
        .getByRole("button", { name: /^Reject 2 hours from Kavya Menon/ })
        .first()
        .click();
      await expect(page.getByRole("dialog", { name: "Reject Hours" })).toBeVisible();
      await expectNoViolations(page);
      await page.context().close();
    });

    test("the applications of one opportunity and their dialogs", async ({ browser }) => {
      const page = await signedInPage(browser, demoAdmin, {
        viewport,
        at: `/admin/applications/${opportunityId}`,
      });
      await expect(page.getByText("2 hours submitted").filter({ visible: true })).toBeVisible();
      await expectNoViolations(page);
      await expectNoHorizontalScroll(page);

      await page.getByRole("button", { name: "Approve 2 hours from Kavya Menon" }).click();
      await expect(page.getByRole("dialog", { name: "Approve Hours" })).toBeVisible();
      await expectNoViolations(page);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await expect(page.getByRole("button", { name: "Approve 2 hours from Kavya Menon" })).toBeFocused();

      await page.getByRole("button", { name: "Update application of Arjun Nair" }).click();
      await expect(page.getByRole("dialog", { name: "Update Application Status" })).toBeVisible();
      await expectNoViolations(page);
      await page.context().close();
    });

    test("the profile's activity, badges and settings", async ({ browser }) => {
      const page = await signedInPage(browser, student, { viewport, at: "/profile" });
      await page
        .getByRole("button", { name: /^Show hour history for Book Drive Sorting/ })
        .first()
        .click();
      await expect(page.getByRole("list", { name: "Hour history" }).first()).toBeVisible();
      await expectNoViolations(page);
      await expectNoHorizontalScroll(page);
      for (const tab of ["Badges", "Settings"]) {
        await page.getByRole("tab", { name: tab }).click();
        await expect(page.getByRole("tabpanel", { name: tab })).toBeVisible();
        await expectNoViolations(page);
        await expectNoHorizontalScroll(page);
      }
      await page.context().close();
    });
  });
}

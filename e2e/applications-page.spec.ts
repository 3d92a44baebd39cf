// The applications of one opportunity (issue 16): a pending row is decided in one click, and the status filter,
// with its new 'Hours Submitted', lives in the address so the manager's counts can link to it.
import { expect, test } from "@playwright/test";
import { hoursBody } from "../test/hours-body";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoAdmin, registerStudent, signedInPage, signInThroughApi } from "./support";

test("a pending application is accepted in one click, and ?status=hours_submitted shows only hours to review", async ({
  browser,
}) => {
  const admin = await signedInPage(browser, demoAdmin);
  const created = await admin.request.post("/api/opportunities", {
    data: {
      title: `Braille Transcription ${Date.now()}`,
      shortDescription: "Transcribe textbook chapters into Braille-ready files.",
      fullDescription: "Work from the library's scanning room with the accessibility cell's volunteers.",
      type: "teaching",
      duration: "instant",
      coinsPerHour: 10,
      maxCoins: 200,
    },
  });
  expect(created.status()).toBe(201);
  const opportunityId = ((await created.json()) as { id: number }).id;

  const applicationOf = async (firstName: string) => {
    const account = await registerStudent(firstName, "Kulkarni");
    const context = await browser.newContext();
    await signInThroughApi(context.request, account);
    const applied = await context.request.post("/api/applications", { data: { opportunityId } });
    expect(applied.status()).toBe(201);
    return { context, id: ((await applied.json()) as { id: number }).id };
  };
  const waiting = await applicationOf("Sana");
  const working = await applicationOf("Tejas");
  expect(
    (
      await admin.request.put(`/api/applications/${working.id}/status`, { data: { status: "accepted" } })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await working.context.request.patch(`/api/applications/${working.id}/submit-hours`, {
        data: hoursBody(4),
      })
    ).ok(),
  ).toBe(true);
  await waiting.context.close();
  await working.context.close();

  await admin.goto(`/admin/applications/${opportunityId}`);
  const table = admin.getByRole("region", { name: "Applicants" });
  await admin.getByRole("button", { name: "Accept application from Sana Kulkarni" }).click();
  await expect(admin.getByRole("row", { name: /Sana Kulkarni/ })).toContainText("Accepted");
  await expect(admin.getByRole("button", { name: "Accept application from Sana Kulkarni" })).toHaveCount(0);
  // Focus stays on the page's list, not on <body>, as the decided row's buttons leave.
  expect(await admin.evaluate(() => document.activeElement !== document.body)).toBe(true);

  await admin.goto(`/admin/applications/${opportunityId}?status=hours_submitted`);
  await expect(admin.getByLabel("Status")).toHaveValue("hours_submitted");
  // The header, Tejas's row, and the row under it with what he served.
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("row").nth(2)).toContainText(hoursBody(4).description);
  await expect(admin.getByRole("row", { name: /Tejas Kulkarni/ })).toContainText("4 hours submitted");
  await admin.getByLabel("Status").selectOption("accepted");
  await expect(admin).toHaveURL(/\?status=accepted$/);
  await expect(admin.getByRole("row", { name: /Sana Kulkarni/ })).toBeVisible();
  await expect(admin.getByRole("row", { name: /Tejas Kulkarni/ })).toHaveCount(0);
  await expectNoViolations(admin);
  await expectNoHorizontalScroll(admin);
  await admin.context().close();
});

// Giving administrator rights from the admin dashboard: confirmed in a dialog, then the new administrator's own
// sign-in lands on the admin dashboard.
import { expect, test } from "@playwright/test";
import { registerStudents } from "./leaderboard-support";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoAdmin, signIn, toast } from "./support";

test("an admin makes a registered student an administrator, who then signs in to the admin dashboard", async ({
  browser,
}) => {
  const [student] = await registerStudents(1, "Promoted");
  if (!student) throw new Error("no student registered");
  // axe needs a page from its own context.
  const adminContext = await browser.newContext({
    viewport: { width: 375, height: 740 },
    reducedMotion: "reduce",
  });
  const admin = await adminContext.newPage();
  await admin.goto("/login");
  await signIn(admin, demoAdmin);
  await expect(admin).toHaveURL(/\/admin$/);

  const section = admin.getByRole("region", { name: "Administrators" });
  await expect(section.getByRole("list", { name: "Administrators" })).toContainText(demoAdmin.email);
  await section.getByLabel("E-mail of a registered student").fill(student.email);
  await section.getByRole("button", { name: "Make Administrator" }).click();
  const dialog = admin.getByRole("dialog", { name: "Give administrator rights?" });
  await expect(dialog).toContainText(`${student.email} will be able to publish opportunities`);
  await expectNoViolations(admin);
  await dialog.getByRole("button", { name: "Make Administrator" }).click();

  await expect(toast(admin).filter({ hasText: "Administrator Added" })).toContainText(
    `${student.firstName} ${student.lastName} is now an administrator.`,
  );
  await expect(section.getByRole("list", { name: "Administrators" })).toContainText(student.email);
  await expectNoViolations(admin);
  await expectNoHorizontalScroll(admin);
  await adminContext.close();

  const promoted = await browser.newPage();
  await promoted.goto("/login");
  await signIn(promoted, student);
  await expect(promoted).toHaveURL(/\/admin$/);
  await expect(promoted.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await promoted.close();
});

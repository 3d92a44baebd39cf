// Giving administrator rights from the admin dashboard and taking them back: each confirmed in a dialog; in
// between, the new administrator's own sign-in lands on the admin dashboard.
import { expect, test } from "@playwright/test";
import { registerStudents } from "./leaderboard-support";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoAdmin, signIn, toast } from "./support";

test("an admin makes a registered student an administrator, who signs in to the admin dashboard, then removes the rights", async ({
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
  const dialog = admin.getByRole("alertdialog", { name: "Give administrator rights?" });
  await expect(dialog).toContainText(`${student.email} will be able to publish opportunities`);
  await expectNoViolations(admin);
  await dialog.getByRole("button", { name: "Make Administrator" }).click();

  await expect(toast(admin).filter({ hasText: "Administrator Added" })).toContainText(
    `${student.firstName} ${student.lastName} is now an administrator.`,
  );
  await expect(section.getByRole("list", { name: "Administrators" })).toContainText(student.email);
  await expectNoViolations(admin);
  await expectNoHorizontalScroll(admin);

  const promoted = await browser.newPage();
  await promoted.goto("/login");
  await signIn(promoted, student);
  await expect(promoted).toHaveURL(/\/admin$/);
  await expect(promoted.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await promoted.close();

  // And back: Remove beside the new administrator, confirmed, makes them a student again.
  const name = `${student.firstName} ${student.lastName}`;
  await section.getByRole("button", { name: `Remove ${name} as administrator` }).click();
  const removal = admin.getByRole("alertdialog", { name: `Remove ${name} as administrator?` });
  await expect(removal).toBeVisible();
  await expectNoViolations(admin);
  await removal.getByRole("button", { name: "Remove Rights" }).click();
  await expect(toast(admin).filter({ hasText: "Administrator Removed" })).toContainText(
    `${name} is no longer an administrator.`,
  );
  await expect(section.getByRole("list", { name: "Administrators" })).not.toContainText(student.email);
  await adminContext.close();
});

// Issue 4's check: a student and an administrator, each in their own browser, take one application from
// applying to completed, with hours approved, rejected and resubmitted on the way.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./page-checks";
import { demoAdmin, registerStudent, SERVICE_DESCRIPTION, signedInPage, toast } from "./support";

test.setTimeout(180_000);

/** A move to another screen inside the app, as a user makes it: no reload. */
async function navigate(page: Page, link: "My Dashboard" | "Leaderboard") {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).click();
  // Wait for the screen to change: a second click while the first screen still loads would cancel the visit.
  await expect(page).toHaveURL(link === "Leaderboard" ? /\/leaderboard$/ : /\/dashboard$/);
}

/** The coins in the navigation bar, as screen readers read them. */
function navCoins(page: Page, coins: number) {
  return page.getByRole("banner").getByText(`${coins} coins`, { exact: true });
}

test("a student and an admin take an application from applying to completed", async ({ browser }) => {
  const studentAccount = await registerStudent("Nisha", "Kulkarni");
  const admin = await signedInPage(browser, demoAdmin);
  await expect(admin).toHaveURL(/\/admin$/);

  const title = `Workflow Beach Clean-Up ${Date.now()}`;
  const created = await admin.request.post("/api/opportunities", {
    data: {
      title,
      shortDescription: "Clear plastic from the beach with the campus eco club.",
      fullDescription: "Two-hour shifts, gloves and bags provided. Meet at the main gate.",
      type: "community_service",
      duration: "1-3days",
      coinsPerHour: 10,
      maxCoins: 100,
    },
  });
  expect(created.status()).toBe(201);
  const opportunity = (await created.json()) as { id: number };

  // A student with no applications is welcomed with three steps.
  const student = await signedInPage(browser, studentAccount, { at: "/dashboard" });
  const onboarding = student.getByRole("dialog", { name: "Welcome to Seva!" });
  await expect(onboarding).toContainText("Step 1 of 3");
  await expect(onboarding).toContainText("Browse opportunities");
  await expectNoViolations(student);
  await onboarding.getByRole("button", { name: "Next" }).click();
  await expect(onboarding).toContainText("Apply and get approved");
  await student.keyboard.press("Enter");
  await expect(onboarding).toContainText("Complete and earn");
  await onboarding.getByRole("button", { name: "Start Exploring" }).click();
  await expect(onboarding).toBeHidden();
  await expect(student.getByRole("searchbox", { name: "Search opportunities" })).toBeFocused();
  await expect(student.getByRole("img", { name: "0 of 100 coins to level 2" })).toBeVisible();

  // Discover → detail → apply.
  await student.getByRole("searchbox", { name: "Search opportunities" }).fill(title);
  await student.getByRole("link", { name: `View & Apply for ${title}` }).click();
  await expect(student).toHaveURL(new RegExp(`/opportunity/${opportunity.id}$`));
  await student.getByRole("button", { name: "Apply", exact: true }).click();
  const applyDialog = student.getByRole("dialog");
  await applyDialog.getByRole("checkbox").check();
  await applyDialog.getByRole("button", { name: "Apply Now" }).click();
  await expect(toast(student)).toContainText("Application Submitted");

  await navigate(student, "My Dashboard");
  const journey = student.getByRole("region", { name: "My Impact Journey" });
  const card = journey.getByRole("listitem").filter({ hasText: title });
  await expect(card).toContainText("Under Review");
  await student.getByRole("searchbox", { name: "Search opportunities" }).fill(title);
  await expect(student.getByRole("heading", { name: "Nothing to discover here" })).toBeVisible();

  // The admin accepts from the dashboard.
  await admin.goto("/admin");
  const pending = admin.getByRole("region", { name: "Pending Applications" });
  await pending.getByRole("button", { name: "Accept application from Nisha Kulkarni" }).click();
  await expect(toast(admin)).toContainText("Application status updated successfully");
  await expect(pending.getByText("Nisha Kulkarni")).toHaveCount(0);

  // The student's next visit shows the decision; 3 hours are submitted.
  await navigate(student, "Leaderboard");
  await navigate(student, "My Dashboard");
  await expect(card).toContainText("Ready to Start");
  await card.getByRole("button", { name: `Submit Hours for ${title}` }).click();
  const submitDialog = student.getByRole("dialog", { name: "Submit Hours" });
  const submitButton = submitDialog.getByRole("button", { name: "Submit Hours" });
  await expect(submitButton).toBeDisabled();
  await submitDialog.getByLabel("Hours served").fill("2.5");
  await expect(submitButton).toBeDisabled();
  await submitDialog.getByLabel("Hours served").fill("3");
  await submitDialog.getByLabel("What did you do?").fill(SERVICE_DESCRIPTION);
  await expect(submitDialog).toContainText("You could earn 30 coins");
  await submitButton.click();
  await expect(toast(student)).toContainText("Hours Submitted Successfully!");
  await expect(card).toContainText("Hours Under Review");
  await expect(card).toContainText("3 hours under review");

  // The admin approves the hours at the computed coins; the student crosses the first badge.
  await admin.getByRole("button", { name: "Refresh All" }).click();
  await expect(toast(admin)).toContainText("Refreshed - All data has been refreshed");
  const hoursToReview = admin.getByRole("region", { name: "Hours to Review" });
  const hoursItem = hoursToReview.getByRole("listitem").filter({ hasText: "Nisha Kulkarni" });
  await expect(hoursItem).toContainText("3 hours");
  await expect(hoursItem).toContainText("30 coins");
  await hoursItem.getByRole("button", { name: "Approve 3 hours from Nisha Kulkarni" }).click();
  await expect(toast(admin)).toContainText("Hours Approved!");
  // The approved item leaves the queue with the button that had focus: focus stays in the queue (WCAG 2.4.3).
  await expect(hoursItem).toHaveCount(0);
  await expect
    .poll(() => hoursToReview.evaluate((region) => region.contains(document.activeElement)))
    .toBe(true);
  await expect(toast(admin)).toContainText("The student has been awarded 30 coins for their work.");
  await expect(toast(admin)).toContainText("Badge earned: First Steps");
  await expect(
    admin.getByRole("region", { name: "Recently Completed Work" }).getByText("Nisha Kulkarni"),
  ).toBeVisible();

  // The coins in the navigation bar follow the award live, without a reload (issue 17).
  await expect(navCoins(student, 30)).toBeAttached({ timeout: 2000 });
  await navigate(student, "Leaderboard");
  await expect(navCoins(student, 30)).toBeAttached();
  await navigate(student, "My Dashboard");
  await expect(card).toContainText("Can Continue");
  await expect(student.getByRole("img", { name: "30 of 100 coins to level 2" })).toBeVisible();

  // 2 more hours, rejected with feedback on the applications page.
  await card.getByRole("button", { name: `Submit Hours for ${title}` }).click();
  await student.getByLabel("Hours served").fill("2");
  await student.getByLabel("What did you do?").fill(SERVICE_DESCRIPTION);
  await student.getByRole("dialog").getByRole("button", { name: "Submit Hours" }).click();
  await expect(toast(student)).toContainText("Hours Submitted Successfully!");

  await admin.goto(`/admin/applications/${opportunity.id}`);
  await expect(admin.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const row = admin.getByRole("row").filter({ hasText: "Nisha Kulkarni" });
  await expect(row).toContainText("Hours Submitted");
  await expect(row).toContainText("2 hours submitted");
  await row.getByRole("button", { name: "Reject 2 hours from Nisha Kulkarni" }).click();
  const rejectDialog = admin.getByRole("dialog", { name: "Reject Hours" });
  const confirmReject = rejectDialog.getByRole("button", { name: "Reject Hours" });
  await rejectDialog.getByLabel("Feedback for the student").fill("   ");
  await expect(confirmReject).toBeDisabled();
  const feedback = "Please add the dates of both shifts.";
  await rejectDialog.getByLabel("Feedback for the student").fill(feedback);
  await confirmReject.click();
  await expect(toast(admin)).toContainText("Hours rejected successfully");
  await expect(row).toContainText("Completed");

  // The student sees the feedback, in the journey and in the hour history, and submits again.
  await navigate(student, "Leaderboard");
  await navigate(student, "My Dashboard");
  await expect(card).toContainText("Can Continue");
  await expect(card).toContainText(feedback);
  await student.goto("/profile");
  await student.getByRole("button", { name: `Show hour history for ${title}` }).click();
  const history = student.getByRole("list", { name: "Hour history" });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").first()).toContainText("Rejected");
  await expect(history.getByRole("listitem").last()).toContainText("Approved");
  await navigate(student, "My Dashboard");
  await card.getByRole("button", { name: `Submit Hours for ${title}` }).click();
  await student.getByLabel("Hours served").fill("2");
  await student.getByLabel("What did you do?").fill(SERVICE_DESCRIPTION);
  await student.getByRole("dialog").getByRole("button", { name: "Submit Hours" }).click();
  await expect(toast(student)).toContainText("Hours Submitted Successfully!");

  // The admin approves in the dialog, which starts at what the student was shown (hours × 10/h here); the
  // student crosses 50 coins.
  await admin.reload();
  await row.getByRole("button", { name: "Approve 2 hours from Nisha Kulkarni" }).click();
  const approveDialog = admin.getByRole("dialog", { name: "Approve Hours" });
  await expect(approveDialog.getByLabel("Coins to award")).toHaveValue("20");
  await approveDialog.getByLabel("Coins to award").fill("0");
  await expect(approveDialog.getByRole("button", { name: "Approve Hours" })).toBeDisabled();
  await approveDialog.getByLabel("Coins to award").fill("20");
  await approveDialog.getByRole("button", { name: "Approve Hours" }).click();
  await expect(toast(admin)).toContainText("Hours approved successfully");
  await expect(toast(admin)).toContainText("Badge earned: Helping Hand");

  // Completing: the dialog offers only what the rules allow and suggests coins within the cap.
  await row.getByRole("button", { name: "Update application of Nisha Kulkarni" }).click();
  const updateDialog = admin.getByRole("dialog", { name: "Update Application Status" });
  await expect(updateDialog.getByLabel("New status").getByRole("option")).toHaveText(["Completed"]);
  await expect(updateDialog.getByLabel("Coins awarded")).toHaveValue("10");
  await updateDialog.getByLabel("Hours completed").fill("1.5");
  await expect(updateDialog.getByLabel("Coins awarded")).toHaveValue("15");
  await expect(updateDialog.getByRole("button", { name: "Update Status" })).toBeDisabled();
  await updateDialog.getByLabel("Feedback for the student").fill("Thank you for a spotless beach!");
  await updateDialog.getByRole("button", { name: "Update Status" }).click();
  await expect(toast(admin)).toContainText("Application status updated successfully");
  await expect(toast(admin)).toContainText("Application completed: 15 coins awarded.");
  await expect(row).toContainText("Completed");
  await expect(row).toContainText("65");
  const counts = admin.getByRole("region", { name: "Application counts" });
  await expect(counts).toContainText("Total1");
  await expect(counts).toContainText("Pending0");
  await expect(counts).toContainText("Completed1");

  // The export holds the row, quoted, with a byte order mark.
  const downloadEvent = admin.waitForEvent("download");
  await admin.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toMatch(
    /^applications-workflow-beach-clean-up-\d+-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await readFile(await download.path(), "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  expect(csv).toContain('"Name","Email","Applied Date","Status","Completed Date","Coins","Notes"');
  expect(csv).toContain(`"Nisha Kulkarni","${studentAccount.email}"`);
  expect(csv).toContain('"Completed"');

  // The student's next screen shows the final state, the coins and both badges.
  await navigate(student, "Leaderboard");
  await expect(navCoins(student, 65)).toBeAttached();
  await navigate(student, "My Dashboard");
  await expect(card).toContainText("Completed");
  await expect(card.getByRole("button", { name: /Submit Hours/ })).toHaveCount(0);
  await expect(student.getByRole("region", { name: "Your impact at a glance" })).toContainText("Completed1");
  await expect(student.getByRole("region", { name: "Your impact at a glance" })).toContainText("Hours6.5");
  await student.goto("/profile");
  await student.getByRole("tab", { name: "Badges" }).click();
  await expect(student.getByText("2 of 7 badges earned.")).toBeVisible();
  await expect(
    student.getByRole("progressbar", { name: "Progress toward the Change Maker badge" }),
  ).toHaveAttribute("aria-valuenow", "65");

  await student.context().close();
  await admin.context().close();
});

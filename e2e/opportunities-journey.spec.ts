import { expect, test } from "@playwright/test";
import { demoStudents, uniqueTitle } from "./opportunities-support";
import { demoAdmin, signedInPage, toast } from "./support";

test("an admin publishes, edits, closes and deletes an opportunity; a student finds it and applies", async ({
  browser,
}) => {
  const title = uniqueTitle("Weekend Reading Club");
  const page = await signedInPage(browser, demoAdmin);

  // Create, with every field of the form.
  await page.goto("/admin/opportunities");
  await page.getByRole("link", { name: "Create New Opportunity" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create New Opportunity" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  const shortDescription = "Read stories aloud with children at the community library.";
  await page.getByLabel("Short description").fill(shortDescription);
  await expect(page.getByText(`${shortDescription.length}/160`)).toBeVisible();
  await page
    .getByLabel("Full description")
    .fill("Pick a book, read it aloud, then talk about it.\nBooks provided.");
  await page.getByLabel("Type").selectOption("mentoring");
  await expect(page.getByLabel("Custom duration")).toHaveCount(0);
  await page.getByLabel("Duration").selectOption("custom");
  await page.getByLabel("Custom duration").fill("Every Saturday for 3 months");
  await page.getByRole("button", { name: "English" }).click();
  await page.getByRole("button", { name: "Communication" }).click();
  await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Location").fill("Koramangala Public Library");
  await page.getByLabel("Schedule").fill("Saturdays, 10:00–12:00");
  await page.getByLabel("Capacity").fill("5");
  await page.getByLabel("Total required hours").fill("20");
  await page.getByLabel("Coins per hour").fill("12");
  await page.getByLabel("Maximum coins").fill("240");
  await page.getByLabel("Contact e-mail").fill("readingclub@iimb.ac.in");
  await page.getByLabel("Contact phone").fill("+91 80 1234 5678");
  await page.getByLabel("Image URL").fill(new URL("/favicon.svg", page.url()).href);
  await page.getByLabel("Status").selectOption("open");
  await page.getByLabel("Visibility").selectOption("public");
  const preview = page.getByRole("region", { name: "Live Preview" });
  await expect(preview).toContainText(title);
  await expect(preview).toContainText("12 coins per hour, up to 240");
  await page.getByRole("button", { name: "Create Opportunity" }).click();
  await expect(toast(page)).toContainText("Opportunity created successfully");
  await expect(page).toHaveURL(/\/admin\/opportunities$/);

  // It is on the manager page (a table row on a wide screen)…
  const managerRow = (name: string) =>
    page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  await page.getByLabel("Search by title").fill(title);
  const card = managerRow(title);
  await expect(card).toContainText("Active");
  await expect(card).toContainText("Mentoring");
  await expect(card).toContainText("0/20 h");
  await expect(card).toContainText("0.0%");

  // …and on a student's home; the student opens it and applies through the modal.
  const student = await signedInPage(browser, demoStudents.kavya);
  const trending = student.getByRole("region", { name: "Trending Opportunities" });
  await trending.getByRole("link", { name: title }).click();
  await expect(student.getByRole("heading", { level: 1, name: title })).toBeVisible();
  for (const text of [
    "Every Saturday for 3 months",
    "Koramangala Public Library",
    "Saturdays, 10:00–12:00",
    "0/5",
    "12 coins per hour",
    "Up to 240 coins in total",
    "Posted by Meera Krishnan",
  ]) {
    await expect(student.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(student.getByRole("link", { name: "readingclub@iimb.ac.in" })).toHaveAttribute(
    "href",
    "mailto:readingclub@iimb.ac.in",
  );
  await student.getByRole("button", { name: "Apply", exact: true }).click();
  const dialog = student.getByRole("dialog");
  await expect(dialog).toContainText("confirmation e-mail");
  await expect(dialog.getByRole("button", { name: "Apply Now" })).toBeDisabled();
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Apply Now" }).click();
  await expect(toast(student)).toContainText("Application Submitted");
  await expect(toast(student)).toContainText("You're one step closer to making a difference!");
  await expect(student.getByText("Applied", { exact: true })).toBeVisible();
  await expect(student.getByRole("button", { name: "Apply", exact: true })).toHaveCount(0);

  // The admin edits it: the form comes pre-filled and the change reaches the student.
  const editedTitle = `${title} (edited)`;
  await page.reload();
  await page.getByLabel("Search by title").fill(title);
  // The cells after the title: Status, then Pending, whose count links to the pending applications.
  await expect(
    card
      .getByRole("cell")
      .nth(1)
      .getByRole("link", { name: `1 pending: ${title}` }),
  ).toBeVisible();
  await card.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Opportunity" })).toBeVisible();
  await expect(page.getByLabel("Custom duration")).toHaveValue("Every Saturday for 3 months");
  await expect(page.getByLabel("Coins per hour")).toHaveValue("12");
  await page.getByLabel("Title").fill(editedTitle);
  await page.getByRole("button", { name: "Update Opportunity" }).click();
  await expect(toast(page)).toContainText("Opportunity updated successfully");
  await expect(page).toHaveURL(/\/admin\/opportunities$/);
  await student.reload();
  await expect(student.getByRole("heading", { level: 1, name: editedTitle })).toBeVisible();

  // Closing it stops new applications.
  await page.getByLabel("Search by title").fill(editedTitle);
  await managerRow(editedTitle)
    .getByRole("button", { name: `Close ${editedTitle}` })
    .click();
  const closing = page.getByRole("alertdialog");
  await expect(closing).toContainText("Students can no longer apply to this opportunity.");
  await closing.getByRole("button", { name: "Close Opportunity" }).click();
  await expect(toast(page)).toContainText("Opportunity Closed");
  await expect(managerRow(editedTitle)).toHaveCount(0);
  await page.getByLabel("Status").selectOption("closed");
  const closedCard = managerRow(editedTitle);
  await expect(closedCard).toContainText("Closed");
  await expect(closedCard.getByRole("button", { name: /^Close/ })).toHaveCount(0);

  const arjun = await signedInPage(browser, demoStudents.arjun);
  const arjunsList = arjun.getByRole("region", { name: "Trending Opportunities" });
  await expect(arjunsList.getByRole("article").first()).toBeVisible();
  await expect(arjunsList).not.toContainText(editedTitle);
  await arjun.goto(student.url());
  await expect(arjun.getByText("Applications Closed")).toBeVisible();
  await expect(arjun.getByRole("button", { name: "Apply", exact: true })).toHaveCount(0);

  // Deleting it, after the confirmation, removes it for good.
  await page.getByLabel("Status").selectOption("all");
  await closedCard.getByRole("button", { name: `Remove ${editedTitle}` }).click();
  const confirmation = page.getByRole("alertdialog");
  await expect(confirmation).toContainText(
    "Are you sure you want to permanently delete this opportunity? This action cannot be undone.",
  );
  await confirmation.getByRole("button", { name: "Delete Opportunity" }).click();
  await expect(toast(page)).toContainText("Opportunity Deleted");
  await expect(managerRow(editedTitle)).toHaveCount(0);
  await student.reload();
  await expect(student.getByRole("heading", { level: 1, name: "Opportunity Not Found" })).toBeVisible();

  await Promise.all([page.context().close(), student.context().close(), arjun.context().close()]);
});

// Issue 18's check for withdrawing and waiting lists (ADR 0037): a student withdraws an application behind a
// confirmation; on a full opportunity another student joins the waiting list; an admin rejects the applicant
// holding the place, so it frees; the waiting student learns of the offer in the app (the bell), follows it to
// the opportunity and takes the place, which makes their application pending. Screenshots of the offer panel
// and of the admin's list, on a phone and on a laptop, go to test-results/waiting-list/. Then a line through a
// close (ADR 0071): the students in it are told, and see their places on hold.
import { expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./page-checks";
import { demoAdmin, registerReturningStudent, signedInPage, toast } from "./support";

test.setTimeout(180_000);

const SHOTS = "test-results/waiting-list";
const PHONE = { width: 390, height: 844 };
const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });

/** A new opportunity with a single place, made by the signed-in admin. */
async function onePlaceOpportunity(admin: Page, title: string): Promise<{ id: number }> {
  const created = await admin.request.post("/api/opportunities", {
    data: {
      title,
      shortDescription: "Read aloud with children at the ward library.",
      fullDescription: "One place only: Saturday mornings at the ward library, books provided.",
      type: "teaching",
      duration: "1-3days",
      capacity: 1,
      coinsPerHour: 10,
      maxCoins: 100,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number };
}

test("a student withdraws, and a waiting student is offered the freed place and takes it", async ({
  browser,
}) => {
  const admin = await signedInPage(browser, demoAdmin);
  const opportunity = await onePlaceOpportunity(admin, `Waitlist Reading Circle ${Date.now()}`);

  // Withdraw: the holder applies, then withdraws from the detail page after confirming.
  const holder = await signedInPage(browser, await registerReturningStudent(browser, "Kavya", "Waitlist"));
  const applied = await holder.request.post("/api/applications", { data: { opportunityId: opportunity.id } });
  expect(applied.status()).toBe(201);
  await holder.goto(`/opportunity/${opportunity.id}`);
  await holder.getByRole("button", { name: /^Withdraw Application/ }).click();
  const confirm = holder.getByRole("alertdialog", { name: "Withdraw this application?" });
  await expect(confirm).toContainText("cannot be undone");
  await confirm.getByRole("button", { name: "Withdraw Application" }).click();
  await expect(toast(holder)).toContainText("Application Withdrawn");
  await expect(holder.getByRole("button", { name: "Apply" })).toBeVisible();
  // Applying again makes a new application, which takes the only place again.
  const again = await holder.request.post("/api/applications", { data: { opportunityId: opportunity.id } });
  expect(again.status()).toBe(201);
  const holding = (await again.json()) as { id: number };

  // The opportunity is full: the waiting student joins the line instead of applying.
  const waiting = await signedInPage(browser, await registerReturningStudent(browser, "Rohan", "Waitlist"), {
    at: `/opportunity/${opportunity.id}`,
  });
  await waiting.getByRole("button", { name: "Join Waiting List" }).click();
  await expect(toast(waiting)).toContainText("Joined the Waiting List");
  await expect(waiting.getByText("You are number 1 in line", { exact: true })).toBeVisible();
  await expect(bell(waiting)).toHaveAccessibleName("Notifications");

  // The admin sees the line, then rejects the holder: the place frees and is offered to the first in line.
  await admin.goto(`/admin/applications/${opportunity.id}`);
  const line = admin.getByRole("region", { name: "Waiting list (1)" });
  await expect(line).toContainText("Rohan Waitlist");
  await expect(line).toContainText("Waiting");
  const rejected = await admin.request.put(`/api/applications/${holding.id}/status`, {
    data: { status: "rejected" },
  });
  expect(rejected.status()).toBe(200);

  // The waiting student's bell tells them, live; the notification leads to the offer.
  await expect(bell(waiting)).toHaveAccessibleName("Notifications, 1 unread", { timeout: 5000 });
  await bell(waiting).click();
  await waiting.getByRole("link", { name: /A place is yours if you take it/ }).click();
  await expect(waiting).toHaveURL(new RegExp(`/opportunity/${opportunity.id}$`));
  const offer = waiting.getByRole("region", { name: "A place offered to you" });
  await expect(offer).toContainText(/A place is yours if you take it by/);
  await expectNoViolations(waiting);
  await offer.screenshot({ path: `${SHOTS}/offer-panel-1280.png` });
  await waiting.screenshot({ path: `${SHOTS}/offer-page-1280.png` });

  // The admin's list shows the offer and its expiry; on a phone too.
  await admin.reload();
  const offered = admin.getByRole("region", { name: "Waiting list (1)" });
  await expect(offered).toContainText("Offered");
  await offered.screenshot({ path: `${SHOTS}/admin-list-1280.png` });
  const adminPhone = await signedInPage(browser, demoAdmin, {
    viewport: PHONE,
    at: `/admin/applications/${opportunity.id}`,
  });
  const phoneLine = adminPhone.getByRole("region", { name: "Waiting list (1)" });
  await phoneLine.scrollIntoViewIfNeeded();
  await adminPhone.screenshot({ path: `${SHOTS}/admin-list-390.png`, fullPage: true });

  const waitingPhone = await browser.newContext({
    viewport: PHONE,
    storageState: await waiting.context().storageState(),
  });
  const phone = await waitingPhone.newPage();
  await phone.goto(`/opportunity/${opportunity.id}`);
  await expect(phone.getByRole("region", { name: "A place offered to you" })).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/offer-panel-390.png` });
  await waitingPhone.close();

  // Taking the place makes a pending application.
  await offer.getByRole("button", { name: "Take the Place" }).click();
  await expect(toast(waiting)).toContainText("Place Taken");
  await expect(waiting.getByText("Status: Under Review.")).toBeVisible();
  const me = (await (await waiting.request.get("/api/auth/user")).json()) as { id: number };
  const mine = (await (await waiting.request.get(`/api/applications/user/${me.id}`)).json()) as {
    opportunityId: number;
    status: string;
  }[];
  expect(mine.filter((row) => row.opportunityId === opportunity.id).map((row) => row.status)).toEqual([
    "pending",
  ]);
});

test("a closed opportunity's line is told, and sees its places on hold", async ({ browser }) => {
  const admin = await signedInPage(browser, demoAdmin);
  const title = `Closing Reading Circle ${Date.now()}`;
  const opportunity = await onePlaceOpportunity(admin, title);
  const holder = await signedInPage(browser, await registerReturningStudent(browser, "Meera", "Closing"));
  const applied = await holder.request.post("/api/applications", { data: { opportunityId: opportunity.id } });
  expect(applied.status()).toBe(201);
  const holding = (await applied.json()) as { id: number };
  const first = await signedInPage(browser, await registerReturningStudent(browser, "Arjun", "Closing"));
  const second = await signedInPage(browser, await registerReturningStudent(browser, "Diya", "Closing"));
  for (const student of [first, second]) {
    const joined = await student.request.post(`/api/opportunities/${opportunity.id}/waitlist`, { data: {} });
    expect(joined.status()).toBe(201);
  }
  // The holder's rejection offers the place to the first in line; then the admin closes the opportunity.
  const rejected = await admin.request.put(`/api/applications/${holding.id}/status`, {
    data: { status: "rejected" },
  });
  expect(rejected.status()).toBe(200);
  const closed = await admin.request.patch(`/api/opportunities/${opportunity.id}/close`);
  expect(closed.status()).toBe(200);

  // The second in line is told by the bell, and the notification leads to the page, which keeps their place.
  await second.reload();
  await expect(bell(second)).toHaveAccessibleName("Notifications, 1 unread", { timeout: 5000 });
  await bell(second).click();
  await second.getByRole("link", { name: /You keep your place in line in case it reopens/ }).click();
  await expect(second).toHaveURL(new RegExp(`/opportunity/${opportunity.id}$`));
  await expect(second.getByText("You are number 1 in line", { exact: true })).toBeVisible();
  await expect(
    second.getByText("Applications are closed for now. You keep your place in line in case they reopen."),
  ).toBeVisible();
  await expectNoViolations(second);
  await second.screenshot({ path: `${SHOTS}/closed-line-1280.png`, fullPage: true });

  // The first in line holds an offer that cannot be taken while closed: Decline only, on a laptop and a phone.
  await first.goto(`/opportunity/${opportunity.id}`);
  const held = first.getByRole("region", { name: "A place offered to you" });
  await expect(held).toContainText(/A place is held for you until/);
  await expect(held.getByRole("button", { name: "Take the Place" })).toHaveCount(0);
  await expect(held.getByRole("button", { name: "Decline" })).toBeVisible();
  await expectNoViolations(first);
  await held.screenshot({ path: `${SHOTS}/closed-offer-panel-1280.png` });
  const phoneContext = await browser.newContext({
    viewport: PHONE,
    storageState: await first.context().storageState(),
  });
  const phone = await phoneContext.newPage();
  await phone.goto(`/opportunity/${opportunity.id}`);
  await expect(phone.getByRole("region", { name: "A place offered to you" })).toContainText(/held for you/);
  await phone.screenshot({ path: `${SHOTS}/closed-offer-390.png` });
  // The dashboard's places in line say the same.
  await phone.goto("/dashboard");
  await phone.getByRole("dialog", { name: "Welcome to Seva!" }).getByRole("button", { name: "Skip" }).click();
  const card = phone.getByRole("listitem").filter({ hasText: title });
  await expect(card).toContainText(/A place is held for you until/);
  await card.scrollIntoViewIfNeeded();
  await expectNoViolations(phone);
  await phone.screenshot({ path: `${SHOTS}/closed-dashboard-390.png` });
  await phoneContext.close();
});

// The verified service record in Chromium (docs/product-rules.md §10–11, ADR 0038–0039), against a server of its
// own that e-mails through a real SMTP server on loopback: a student submits hours with dates and what was done
// (on a phone); the supervisor confirms them from the e-mailed link, signed out; the admin sees 'Verified by …' and
// approves; the student issues a certificate and downloads its PDF, whose text (read back by Poppler's pdftotext)
// states the hours; its verification page says 'Valid' to anyone, and 'Revoked' once the student revokes it.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { type Delivery, partsOf, smtpUrl, startSmtpServer } from "../test/smtp-peer";
import { type OwnServer, ownServer } from "./own-server";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoAdmin, signInThroughApi, toast } from "./support";

const STUDENT = { email: "rohan.mehta@iimb.ac.in", password: "SevaStudent#2024" };
const SUPERVISOR = { name: "Mr Ravi Shankar", email: "ravi.shankar@greenbelt-trust.org" };
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: OwnServer;
let baseUrl: string;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await ownServer("record");
  baseUrl = server.baseUrl;
  // The embedded database with the demo (its admin and students sign in with their published passwords).
  await server.start({ SEED_DEMO: "true", SMTP_URL: smtpUrl(smtp.port) });
});

test.afterAll(async () => {
  await server?.remove();
  await smtp?.close();
});

/** The first message to the address with this subject sent after the `after`-th delivery. */
async function mailTo(address: string, subject: string, after: number): Promise<Delivery> {
  let found: Delivery | undefined;
  await expect
    .poll(
      () => {
        found = smtp.deliveries
          .slice(after)
          .find((delivery) => delivery.recipients.includes(address) && delivery.raw.includes(subject));
        return found !== undefined;
      },
      { timeout: 20_000, message: `an e-mail "${subject}" to ${address}` },
    )
    .toBe(true);
  if (!found) throw new Error("unreachable");
  return found;
}

async function signedIn(browser: Browser, account: typeof STUDENT, viewport: typeof PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: "reduce", acceptDownloads: true });
  const page = await context.newPage();
  await signInThroughApi(page.request, account, baseUrl);
  return page;
}

test("hours confirmed by the supervisor are approved and certified, and anyone can verify the certificate until it is revoked", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const origin = { origin: baseUrl };
  const admin = await signedIn(browser, demoAdmin, LAPTOP);
  const title = `Tree Planting ${Date.now().toString(36)}`;
  const created = await admin.request.post(`${baseUrl}/api/opportunities`, {
    headers: origin,
    data: {
      title,
      shortDescription: "Plant and water saplings along the Vrishabhavathi with the Greenbelt Trust.",
      fullDescription: "Two mornings on the river bank: digging, planting native saplings and watering them.",
      type: "community_service",
      duration: "1-3days",
      coinsPerHour: 15,
      maxCoins: 300,
      verification: "supervisor",
      supervisorName: SUPERVISOR.name,
      supervisorEmail: SUPERVISOR.email,
    },
  });
  expect(created.status()).toBe(201);
  const opportunityId = ((await created.json()) as { id: number }).id;

  const student = await signedIn(browser, STUDENT, PHONE);
  const applied = await student.request.post(`${baseUrl}/api/applications`, {
    headers: origin,
    data: { opportunityId },
  });
  expect(applied.status()).toBe(201);
  const applicationId = ((await applied.json()) as { id: number }).id;
  const accepted = await admin.request.put(`${baseUrl}/api/applications/${applicationId}/status`, {
    headers: origin,
    data: { status: "accepted" },
  });
  expect(accepted.status()).toBe(200);

  // The student, on a phone, submits 4 hours with what was done; the supervisor will be asked.
  await student.goto(`${baseUrl}/dashboard`);
  await student.getByRole("button", { name: `Submit Hours for ${title}` }).click();
  const form = student.getByRole("dialog", { name: "Submit Hours" });
  await expect(form.getByText(`Your supervisor, ${SUPERVISOR.name}, will be e-mailed`)).toBeVisible();
  await form.getByLabel("Hours served").fill("4");
  await form
    .getByLabel("What did you do?")
    .fill("Dug pits and planted 30 neem and honge saplings, then watered the whole row.");
  await form
    .getByLabel("Reflection (optional)")
    .fill("Planting in the heat is slow: start at seven next time.");
  const sent = smtp.deliveries.length;
  await form.getByRole("button", { name: "Submit Hours" }).click();
  await expect(toast(student)).toContainText("Hours Submitted Successfully!");
  await expect(student.getByText(`Awaiting confirmation from ${SUPERVISOR.name}`).first()).toBeVisible();

  // The supervisor, signed out on a phone, confirms from the e-mailed link.
  const request = await mailTo(SUPERVISOR.email, "Please confirm Rohan Mehta's volunteering hours", sent);
  const link = new RegExp(`${baseUrl}/confirm-hours#token=[A-Za-z0-9_.-]+`).exec(
    partsOf(request.raw).text,
  )?.[0];
  expect(link).toBeDefined();
  const supervisorContext = await browser.newContext({ viewport: PHONE });
  const supervisor = await supervisorContext.newPage();
  await supervisor.goto(link ?? "");
  await expect(supervisor.getByText("Dug pits and planted 30 neem and honge saplings")).toBeVisible();
  await expectNoViolations(supervisor);
  await expectNoHorizontalScroll(supervisor);
  await supervisor.getByRole("button", { name: "Confirm Hours" }).click();
  await expect(supervisor.getByRole("heading", { name: "Thank you: the hours are confirmed" })).toBeVisible();
  // The link decides once.
  await supervisor.goto(link ?? "");
  await expect(supervisor.getByRole("button", { name: "Confirm Hours" })).toHaveCount(0);
  await supervisorContext.close();

  // The admin sees who vouched for the hours, and approves them.
  await admin.goto(`${baseUrl}/admin/applications/${opportunityId}?status=hours_submitted`);
  const row = admin.getByRole("row", { name: /Rohan Mehta/ });
  await expect(admin.getByText(`Verified by ${SUPERVISOR.name} on`).first()).toBeVisible();
  await row.getByRole("button", { name: /^Approve 4 hours from Rohan Mehta/ }).click();
  const approve = admin.getByRole("dialog", { name: "Approve Hours" });
  await expect(approve.getByText(`Verified by ${SUPERVISOR.name} on`)).toBeVisible();
  await approve.getByRole("button", { name: "Approve Hours" }).click();
  await expect(approve).toBeHidden();
  await expect
    .poll(async () => (await admin.request.get(`${baseUrl}/api/applications/${applicationId}/hours`)).json())
    .toMatchObject([{ status: "approved", hours: 4 }]);

  // The student issues a certificate of this opportunity from Profile, and downloads its PDF.
  await student.goto(`${baseUrl}/profile`);
  await student.getByRole("tab", { name: "Certificates" }).click();
  await student.getByLabel("What to certify").selectOption({ label: `${title} (4 approved hours)` });
  await student.getByRole("button", { name: "Issue Certificate" }).click();
  await expect(toast(student)).toContainText("Certificate Issued");
  const downloading = student.waitForEvent("download");
  await student.getByRole("link", { name: `Download PDF of ${title}` }).click();
  const download = await downloading;
  const file = path.join(server.dataDir, "certificate.pdf");
  await download.saveAs(file);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  expect(text).toContain("Rohan Mehta");
  expect(text).toContain(title);
  expect(text).toMatch(/Total approved hours\s*:?\s*4\b/i);
  const verifyUrl = new RegExp(`${baseUrl}/verify/[A-Z2-7]{26}`).exec(text)?.[0];
  expect(verifyUrl).toBeDefined();

  // Anyone, signed out, opens the QR code's address and sees 'Valid'.
  const visitorContext = await browser.newContext({ viewport: PHONE });
  const visitor = await visitorContext.newPage();
  await visitor.goto(verifyUrl ?? "");
  await expect(visitor.getByRole("heading", { name: "Valid" })).toBeVisible();
  await expect(visitor.getByText(title)).toBeVisible();
  await expectNoViolations(visitor);
  await expectNoHorizontalScroll(visitor);

  // The student revokes it; the page now says 'Revoked'.
  await student.getByRole("button", { name: `Revoke ${title}` }).click();
  await student.getByRole("button", { name: "Revoke Certificate" }).click();
  await expect(toast(student)).toContainText("Certificate Revoked");
  await visitor.reload();
  await expect(visitor.getByRole("heading", { name: "Revoked" })).toBeVisible();
  await visitorContext.close();
  await student.context().close();
  await admin.context().close();
});

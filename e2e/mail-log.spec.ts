// The admin mail log on the embedded demo (no SMTP_URL): it says mail is not configured, lists what would have
// been sent, and shows a message as its recipient would get it; the page and the unsubscribe page pass axe at
// phone and desktop widths, and the page policy lets the sandboxed HTML part render.
import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";
import { demoAdmin, demoStudent, signedInPage } from "./support";

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test(`the mail log shows what would have been sent (${viewport.name})`, async ({ browser }) => {
    // A student applies, so there is a message to read whatever ran before.
    const student = await signedInPage(browser, demoStudent, { viewport });
    const list = await (await student.request.get("/api/opportunities?limit=50")).json();
    for (const opportunity of list.opportunities as { id: number }[]) {
      const applied = await student.request.post("/api/applications", {
        data: { opportunityId: opportunity.id },
        headers: { origin: new URL(student.url()).origin },
      });
      if (applied.ok()) break;
    }
    await student.context().close();

    const page = await signedInPage(browser, demoAdmin, { viewport });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/admin");
    await page.getByRole("link", { name: "Mail Log" }).click();
    await expect(page.getByRole("heading", { name: "Mail Log", level: 1 })).toBeVisible();
    await expect(page.getByText("Mail is not configured")).toBeVisible();
    const messages = page.getByRole("list", { name: "Messages" });
    await expect(messages.getByText("Not sent: no mail server").first()).toBeVisible();
    await expectNoViolations(page);
    await messages
      .getByRole("button", { name: /^View message/ })
      .first()
      .click();
    const htmlPart = page.frameLocator("iframe[sandbox='']");
    await expect(htmlPart.getByText("Seva · IIM Bangalore")).toBeVisible();
    await expect(page.locator("pre")).toContainText("Seva · IIM Bangalore");
    // axe cannot enter a sandboxed frame that runs no script (it waits for it until the test times out): the
    // page around it is checked with the frame taken out.
    await page.locator("iframe[sandbox='']").evaluate((frame) => frame.remove());
    await expectNoViolations(page);
    await expectNoHorizontalScroll(page);
    expect(violations).toEqual([]);
    await page.context().close();
  });
}

test("the unsubscribe page of a broken link changes nothing and passes axe", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const response = await page.goto("/unsubscribe?token=broken.token");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await expectNoViolations(page);
  await context.close();
});

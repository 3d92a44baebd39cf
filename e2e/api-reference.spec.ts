// The API reference for the school's developers (/api/docs): it renders in the browser from this server alone,
// under the app's own Content-Security-Policy without a single violation, and passes axe on a phone and a desktop.
import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoViolations } from "./page-checks";

declare global {
  interface Window {
    __cspReports: string[];
  }
}

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`the API reference renders offline and accessibly at ${viewport.width}x${viewport.height}`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
    await context.addInitScript(() => {
      window.__cspReports = [];
      document.addEventListener("securitypolicyviolation", (event) => {
        window.__cspReports.push(`${event.effectiveDirective} ${event.blockedURI}`);
      });
    });
    const page = await context.newPage();
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(String(baseURL))) elsewhere.push(request.url());
    });

    const response = await page.goto("/api/docs");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await expect(page.getByRole("heading", { level: 1, name: /Seva API/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "opportunities", exact: true })).toBeVisible();
    const apply = page.getByRole("heading", { name: "POST /api/applications", exact: true });
    await expect(apply).toBeVisible();

    // A body's schema opens in place.
    const operation = page.locator("section.operation", { has: apply });
    await expect(operation).toContainText("Access: student.");
    await operation.getByText("JSON schema of the body").click();
    await expect(operation.locator("pre").first()).toContainText('"opportunityId"');

    // The link to the machine-readable document works.
    await page.getByRole("link", { name: "/api/openapi.json" }).click();
    await expect(page).toHaveURL(/\/api\/openapi\.json$/);
    await page.goBack();

    await expectNoViolations(page);
    await expectNoHorizontalScroll(page);
    expect(await page.evaluate(() => window.__cspReports)).toEqual([]);
    expect(elsewhere).toEqual([]);
    await context.close();
  });
}

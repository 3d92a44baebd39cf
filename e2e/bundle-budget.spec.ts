// The JavaScript budget of each entry (issue 6): everything a page loads, gzipped, against its budget, and no
// admin or chart code for a student. vite.config.ts names the chunks that hold admin screens' code "admin-…"
// and those holding recharts "recharts-…".
import { gzipSync } from "node:zlib";
import { expect, type Page, type Response, test } from "@playwright/test";
import { demoAdmin, demoStudent, signInThroughApi } from "./support";

// Kilobytes as Vite reports them (1000 bytes).
const KB = 1000;
const budgets = { landing: 120 * KB, studentHome: 200 * KB };

interface Script {
  name: string;
  gzipBytes: number;
}

/** Opens `path` and returns every script loaded until the network is idle, each gzipped at level 9. */
async function scriptsLoadedBy(page: Page, path: string, ready: RegExp): Promise<Script[]> {
  const scripts: Promise<Script>[] = [];
  const collect = (response: Response) => {
    const isScript = (response.headers()["content-type"] ?? "").includes("javascript");
    if (!isScript) return;
    const name = new URL(response.url()).pathname;
    // The body arrives decoded whatever encoding the server chose, so each file is measured the same way.
    scripts.push(response.body().then((body) => ({ name, gzipBytes: gzipSync(body, { level: 9 }).length })));
  };
  page.on("response", collect);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: ready })).toBeVisible();
  // Chunks that load after the first paint (a screen's own data-driven parts) count too.
  await page.waitForLoadState("networkidle");
  page.off("response", collect);
  return Promise.all(scripts);
}

function report(entry: string, scripts: Script[], budget: number): number {
  const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  const lines = [...scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((script) => `  ${(script.gzipBytes / KB).toFixed(1).padStart(7)} kB  ${script.name}`);
  console.log(
    `${entry}: ${scripts.length} scripts, ${(total / KB).toFixed(1)} kB gzip (budget ${budget / KB} kB)\n${lines.join("\n")}`,
  );
  return total;
}

const isAdminOrChartChunk = (script: Script) => /\/assets\/(admin|recharts)-[^/]*\.js$/.test(script.name);

test("the landing page loads at most 120 kB of gzipped JavaScript", async ({ page }) => {
  const scripts = await scriptsLoadedBy(page, "/", /real-world impact/);

  expect(scripts.length).toBeGreaterThan(0);
  expect(report("landing", scripts, budgets.landing)).toBeLessThanOrEqual(budgets.landing);
  expect(scripts.filter(isAdminOrChartChunk).map((script) => script.name)).toEqual([]);
});

test("a student's home loads at most 200 kB of gzipped JavaScript and no admin or chart code", async ({
  page,
}) => {
  // Signed in through the API, so the measured page is a fresh load of "/" with nothing cached.
  await signInThroughApi(page.request, demoStudent);

  const scripts = await scriptsLoadedBy(page, "/", /Welcome back, Asha!/);

  expect(report("student home", scripts, budgets.studentHome)).toBeLessThanOrEqual(budgets.studentHome);
  expect(scripts.filter(isAdminOrChartChunk).map((script) => script.name)).toEqual([]);
});

test("the chunk names mark admin and chart code, so the checks above can see it", async ({ page }) => {
  // Without this the two checks above would pass just as well if the names stopped marking anything.
  await signInThroughApi(page.request, demoAdmin);

  // Each page is awaited until a script of that name arrives (a chart loads once its data has come, which on a
  // busy machine can be after the network has been quiet for a moment); none arriving fails by timeout.
  const scriptNamed = (name: RegExp) =>
    page.waitForResponse((response) => name.test(new URL(response.url()).pathname));
  const adminChunk = scriptNamed(/\/assets\/admin-[^/]*\.js$/);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: /Admin Dashboard/ })).toBeVisible();
  await adminChunk;
  const chartChunk = scriptNamed(/\/assets\/recharts-[^/]*\.js$/);
  await page.goto("/admin/analytics");
  await expect(page.getByRole("heading", { level: 1, name: /Analytics/ })).toBeVisible();
  await chartChunk;
});

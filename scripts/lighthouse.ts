// `npm run lighthouse`: Lighthouse (performance and accessibility) in Debian's Chromium on the landing page, a
// student's home, an opportunity's page and the admin dashboard, served by the built server on a fresh embedded
// demo database. Each page is measured on Lighthouse's default emulated mid-range phone (slow 4G, 4x CPU
// slowdown, `formFactor: mobile`) and with its desktop preset (an admin checks the dashboard on a phone too).
// Prints the scores, writes bench/results/lighthouse-<date>.json, and exits 1 when a page scores below 100 for
// accessibility, or below 95 for performance on desktop or 90 on mobile (the median of `--runs`, default 3: the
// score of a single run moves a few points on a busy machine).
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse, { type Config, defaultConfig, desktopConfig, type Result } from "lighthouse";
import { CHROMIUM_FLAGS, LIGHTHOUSE_CHROMIUM_PATH } from "../e2e/chromium";
import { demoAdmin, demoStudent, median, signIn, startDemoServer, startProcess, stop } from "./measured-app";

const root = path.resolve(import.meta.dirname, "..");
const MIN_ACCESSIBILITY = 100;
/** How often one run is tried when Lighthouse fails to record its trace. */
const MAX_ATTEMPTS = 3;
type FormFactor = "mobile" | "desktop";
const MIN_PERFORMANCE: Record<FormFactor, number> = { desktop: 95, mobile: 90 };
const CONFIGS: Record<FormFactor, Config> = { mobile: defaultConfig, desktop: desktopConfig };
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;

const BOTH: FormFactor[] = ["mobile", "desktop"];

interface Page {
  name: string;
  /** The path, or how to find it once signed in (the demo's ids are made at seeding). */
  path: string | ((baseUrl: string, cookie: string) => Promise<string>);
  account?: { email: string; password: string };
  formFactors: FormFactor[];
}

const pages: Page[] = [
  { name: "landing", path: "/", formFactors: BOTH },
  { name: "student home", path: "/", account: demoStudent, formFactors: BOTH },
  {
    name: "opportunity",
    path: async (baseUrl, cookie) => {
      const response = await fetch(`${baseUrl}/api/opportunities`, { headers: { cookie } });
      const body = (await response.json()) as { opportunities: { id: string | number }[] };
      const first = body.opportunities[0];
      if (!first) throw new Error("the demo has no open opportunity to measure");
      return `/opportunity/${first.id}`;
    },
    account: demoStudent,
    formFactors: BOTH,
  },
  {
    name: "admin dashboard",
    path: "/admin",
    account: demoAdmin,
    formFactors: BOTH,
  },
];

interface PageRun {
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  failedAccessibilityAudits: string[];
  scriptBytes: number;
  /** What kept Lighthouse from measuring, when it could not (the run then scores 0). */
  problems: string[];
}

function summarise(lhr: Result): PageRun {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const accessibilityAudits = lhr.categories.accessibility?.auditRefs ?? [];
  const scripts = lhr.audits["resource-summary"]?.details;
  const scriptRow =
    scripts?.type === "table" ? scripts.items.find((item) => item.resourceType === "script") : undefined;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? "?"])),
    // Audits that count towards the score; Lighthouse also runs a few experimental ones with weight 0.
    failedAccessibilityAudits: accessibilityAudits
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => `${audit?.id}: ${audit?.title}`),
    scriptBytes: Number(scriptRow?.transferSize ?? 0),
    problems: [
      ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
      ...METRICS.map((id) => lhr.audits[id])
        .filter((audit) => audit?.errorMessage)
        .map((audit) => `${audit?.id}: ${audit?.errorMessage}`),
    ],
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "3" },
      "report-dir": { type: "string" },
      // Measures only the named pages (e.g. --page landing), for working on one.
      page: { type: "string", multiple: true },
      // Measures only one form factor (mobile or desktop), for working on it.
      "form-factor": { type: "string" },
      // Added to the result file's name (e.g. --label before), to keep a comparison apart.
      label: { type: "string" },
    },
  });
  const selected = pages.filter((page) => !values.page || values.page.includes(page.name));
  if (selected.length === 0)
    throw new Error(`--page must name one of: ${pages.map((page) => page.name).join(", ")}`);
  const runs = Math.max(1, Number(values.runs) || 3);
  // Where to keep each run's full Lighthouse report (JSON, opens in the Lighthouse viewer), if anywhere.
  const reportDir = values["report-dir"];
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const loadAverageAtStart = os.loadavg();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "seva-lighthouse-"));
  const profileDir = mkdtempSync(path.join(os.tmpdir(), "seva-lighthouse-chromium-"));
  const children: ChildProcess[] = [];

  try {
    const server = await startDemoServer(dataDir);
    children.push(server.child);
    const { baseUrl } = server;

    const chromium = startProcess(
      LIGHTHOUSE_CHROMIUM_PATH,
      [
        "--headless=new",
        ...CHROMIUM_FLAGS,
        "--remote-debugging-port=0",
        `--user-data-dir=${profileDir}`,
        "about:blank",
      ],
      {},
      /DevTools listening on ws:\/\/[^:]+:(\d+)\//,
    );
    children.push(chromium.child);
    const port = Number(await chromium.captured);

    const results = [];
    for (const page of selected) {
      const cookie = page.account ? await signIn(baseUrl, page.account) : undefined;
      const pagePath = typeof page.path === "string" ? page.path : await page.path(baseUrl, cookie ?? "");
      const formFactors = page.formFactors.filter(
        (formFactor) => !values["form-factor"] || values["form-factor"] === formFactor,
      );
      for (const formFactor of formFactors) {
        const pageRuns: PageRun[] = [];
        for (let run = 0; run < runs; run++) {
          // A run whose trace Lighthouse could not record (NO_NAVSTART, say) scores 0 without having measured
          // the page: it is run again, up to MAX_ATTEMPTS times, and its error is still reported.
          const earlierProblems: string[] = [];
          for (let attempt = 1; ; attempt++) {
            const result = await lighthouse(
              `${baseUrl}${pagePath}`,
              {
                port,
                logLevel: "error",
                onlyCategories: ["performance", "accessibility"],
                ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
              },
              CONFIGS[formFactor],
            );
            if (!result) throw new Error(`Lighthouse returned nothing for ${page.name}`);
            const summary = summarise(result.lhr);
            if (result.lhr.runtimeError && attempt < MAX_ATTEMPTS) {
              earlierProblems.push(...summary.problems.map((problem) => `(run again) ${problem}`));
              continue;
            }
            pageRuns.push({ ...summary, problems: [...earlierProblems, ...summary.problems] });
            if (reportDir) {
              const name = `${page.name.replace(/\W+/g, "-")}-${formFactor}-${run + 1}.json`;
              writeFileSync(path.join(reportDir, name), JSON.stringify(result.lhr));
            }
            break;
          }
        }
        const performance = median(pageRuns.map((run) => run.performance));
        const accessibility = Math.min(...pageRuns.map((run) => run.accessibility));
        const medianRun = pageRuns.find((run) => run.performance === performance) ?? pageRuns[0];
        results.push({
          page: page.name,
          formFactor,
          path: pagePath,
          performance,
          accessibility,
          metrics: medianRun?.metrics,
          runs: pageRuns,
        });
      }
    }

    console.log(`\nLighthouse, median of ${runs} run(s)\n`);
    console.table(
      results.map((result) => ({
        page: result.page,
        "form factor": result.formFactor,
        performance: result.performance,
        accessibility: result.accessibility,
        "performance (each run)": result.runs.map((run) => run.performance).join(" "),
        ...result.metrics,
      })),
    );
    for (const result of results) {
      const problems = new Set(result.runs.flatMap((run) => run.problems));
      if (problems.size > 0)
        console.log(
          `${result.page} (${result.formFactor}): problems seen (a run whose trace failed was run again):\n  ${[...problems].join("\n  ")}`,
        );
      const failed = new Set(result.runs.flatMap((run) => run.failedAccessibilityAudits));
      if (failed.size > 0)
        console.log(
          `${result.page} (${result.formFactor}): failed accessibility audits:\n  ${[...failed].join("\n  ")}`,
        );
    }

    const resultsDir = path.join(root, "bench", "results");
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(
      resultsDir,
      `lighthouse-${new Date().toISOString().replace(/:/g, "-")}${values.label ? `-${values.label}` : ""}.json`,
    );
    const lighthouseVersion = JSON.parse(
      readFileSync(path.join(root, "node_modules", "lighthouse", "package.json"), "utf8"),
    ).version;
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          presets: {
            mobile: "Lighthouse default (emulated mid-range phone, slow 4G, 4x CPU slowdown)",
            desktop: "Lighthouse desktop preset",
          },
          runsPerPage: runs,
          // What the performance figures are: the median run of each page and form factor.
          performance: "median of runsPerPage runs; accessibility is the lowest run",
          lighthouse: lighthouseVersion,
          node: process.version,
          cpus: os.cpus().length,
          // Other work on the machine slows the page's scripts and lowers the performance score.
          loadAverageAtStart,
          loadAverageAtEnd: os.loadavg(),
          results,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nwrote ${path.relative(root, file)}`);

    const failures = results.filter(
      (result) =>
        result.accessibility < MIN_ACCESSIBILITY || result.performance < MIN_PERFORMANCE[result.formFactor],
    );
    for (const failure of failures) {
      console.error(
        `${failure.page} (${failure.formFactor}): accessibility ${failure.accessibility} (needs ${MIN_ACCESSIBILITY}), performance ${failure.performance} (needs ${MIN_PERFORMANCE[failure.formFactor]})`,
      );
    }
    process.exitCode = failures.length > 0 ? 1 : 0;
  } finally {
    await Promise.all(children.map(stop));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

await main();

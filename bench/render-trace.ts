// `npx tsx bench/render-trace.ts`: how much main-thread work a signed-in page does after its first paint, from
// Chromium's own trace, steadier than Lighthouse's score on a shared machine. The built app runs on a fresh
// embedded demo (scripts/measured-app.ts); each run opens the page in a new phone-sized window (412×823, the
// size Lighthouse emulates) once the home has loaded in it (so the scripts are in the code cache, as on a
// second visit), traces the load for --wait ms and reports, for the tasks after the first contentful paint:
//
// - simulated blocking: Σ max(0, 4 × task − 50 ms), roughly Lighthouse's total blocking time on its 4× slower
//   phone (it multiplies the tasks it traced by four);
// - long-task time: the time in tasks of 12.5 ms or more (50 ms or more at 4×), and how many there are.
//
// With --cold, each run is a first visit instead: the page opens in a fresh window (a new renderer, nothing in
// the code cache, ICU's locale data not yet loaded) whose main thread Chromium slows four times, as a phone's;
// the first contentful paint is then a phone's, and the tasks already run at its speed (counted as they are).
// ADR 0082 measured the first Intl formatter's share of the first paint this way.
//
// With --latency MS, Chromium answers every request MS later (a phone network's round trip), so the order of
// the page's requests and renders is a phone's too, not this machine's loopback. Every run also reports when the
// page's data was first drawn (`dataDrawnMs`: a node only the answers make, in the page's DOM), which Lighthouse
// does not: ADR 0046's second addendum compared first paint and data so.
//
// Alternate two builds' runs (swap dist/client between invocations) to compare them; docs/performance.md
// (twenty-eighth pass) and ADR 0081 show how.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, LIGHTHOUSE_CHROMIUM_PATH } from "../e2e/chromium";
import {
  type Account,
  demoAdmin,
  demoStudent,
  median,
  signIn,
  startDemoServer,
  stop,
} from "../scripts/measured-app";

const root = path.resolve(import.meta.dirname, "..");
/** Each page, and a selector for a node drawn only with its data (a queue's row, a top contributor). */
const PAGES: Record<string, { path: string; account: Account; data: string }> = {
  "admin dashboard": { path: "/admin", account: demoAdmin, data: "main li button" },
  "student home": { path: "/", account: demoStudent, data: "main section ol li" },
};
/** Lighthouse's simulated phone runs the traced tasks four times slower; a task counts above 50 ms there. */
const SLOWDOWN = 4;
const BLOCKING_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

interface Run {
  firstContentfulPaintMs: number;
  /** From navigation until the page's data was first in its DOM. */
  dataDrawnMs: number;
  simulatedBlockingMs: number;
  longTaskMs: number;
  longTasks: number;
}

/**
 * What the trace says of the tasks after the first contentful paint on the page's main thread; `slowdown` is how
 * much slower than traced Lighthouse's phone would run them (1 when the trace was already slowed).
 */
function summarise(events: TraceEvent[], slowdown: number): Omit<Run, "dataDrawnMs"> {
  const navigation = events.find((event) => event.name === "navigationStart");
  const paint = events.find((event) => event.name === "firstContentfulPaint");
  if (!navigation || !paint) throw new Error("the trace has no navigation or no first contentful paint");
  const tasks = events.filter(
    (event) =>
      event.name === "RunTask" &&
      event.ph === "X" &&
      event.pid === paint.pid &&
      event.ts >= paint.ts &&
      (event.dur ?? 0) > 0,
  );
  const ms = (event: TraceEvent) => (event.dur ?? 0) / 1000;
  const long = tasks.filter((task) => ms(task) * slowdown >= BLOCKING_MS);
  return {
    firstContentfulPaintMs: Math.round((paint.ts - navigation.ts) / 1000),
    simulatedBlockingMs: Math.round(long.reduce((sum, task) => sum + ms(task) * slowdown - BLOCKING_MS, 0)),
    longTaskMs: Math.round(long.reduce((sum, task) => sum + ms(task), 0)),
    longTasks: long.length,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      page: { type: "string", default: "admin dashboard" },
      runs: { type: "string", default: "6" },
      wait: { type: "string", default: "5000" },
      label: { type: "string" },
      cold: { type: "boolean", default: false },
      latency: { type: "string", default: "0" },
    },
  });
  const latency = Math.max(0, Number(values.latency) || 0);
  const cold = values.cold;
  const page = PAGES[values.page];
  if (!page) throw new Error(`--page must name one of: ${Object.keys(PAGES).join(", ")}`);
  const runs = Math.max(1, Number(values.runs) || 6);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "seva-render-trace-"));
  const server = await startDemoServer(dataDir);
  const browser = await chromium.launch({
    executablePath: LIGHTHOUSE_CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
  });
  const loadAverageAtStart = os.loadavg();
  try {
    const cookie = await signIn(server.baseUrl, page.account);
    const measured: Run[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      await context.addCookies(
        cookie.split("; ").map((pair) => {
          const at = pair.indexOf("=");
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.baseUrl };
        }),
      );
      // Notes when a node only the data makes first enters the page (a plain script: the page has no bundler).
      await context.addInitScript({
        content: `new MutationObserver((_, observer) => {
          if (!document.querySelector(${JSON.stringify(page.data)})) return;
          window.__dataDrawnAt = performance.now();
          observer.disconnect();
        }).observe(document, { subtree: true, childList: true });`,
      });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      if (latency > 0) {
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
      }
      if (cold) await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
      else {
        await tab.goto(`${server.baseUrl}/`);
        await tab.waitForLoadState("networkidle");
      }
      const events: TraceEvent[] = [];
      cdp.on("Tracing.dataCollected", (chunk) => events.push(...(chunk.value as unknown as TraceEvent[])));
      await cdp.send("Tracing.start", {
        categories: "devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,toplevel",
        transferMode: "ReportEvents",
      });
      await tab.goto(`${server.baseUrl}${page.path}`);
      await tab.waitForTimeout(Number(values.wait));
      const dataDrawnAt = Number(await tab.evaluate("window.__dataDrawnAt ?? -1"));
      const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.end");
      await complete;
      await context.close();
      const summary = { ...summarise(events, cold ? 1 : SLOWDOWN), dataDrawnMs: Math.round(dataDrawnAt) };
      measured.push(summary);
      console.log(`run ${run + 1}:`, summary);
    }
    const result = {
      date: new Date().toISOString(),
      page: values.page,
      path: page.path,
      visit: cold ? "first, main thread 4× slower" : "after the home, scripts cached",
      latencyMs: latency,
      runs: measured,
      median: {
        simulatedBlockingMs: median(measured.map((run) => run.simulatedBlockingMs)),
        longTaskMs: median(measured.map((run) => run.longTaskMs)),
        firstContentfulPaintMs: median(measured.map((run) => run.firstContentfulPaintMs)),
        dataDrawnMs: median(measured.map((run) => run.dataDrawnMs)),
      },
      node: process.version,
      cpus: os.cpus().length,
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg(),
    };
    console.log("median:", result.median);
    const resultsDir = path.join(root, "bench", "results");
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(
      resultsDir,
      `${result.date.replace(/:/g, "-")}-render-trace-${values.page.replace(/\W+/g, "-")}${cold ? "-cold" : ""}${values.label ? `-${values.label}` : ""}.json`,
    );
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`wrote ${path.relative(root, file)}`);
  } finally {
    await browser.close();
    await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

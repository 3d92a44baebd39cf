// Signed-in pages paint after at most two request rounds (issue 21, ADR 0029): the HTML, then everything it names
// (entry script, stylesheet, the route's chunks, the current user). What the screen needs to paint is the page
// itself, the current user, the stylesheet and the screen's chunk with every chunk it imports (from the build's
// manifest); the header alone paints after two rounds whatever the screen does, so first contentful paint would
// prove nothing. Other requests (the bell's count, the favicon) may come later. A round is one wait for the network: a request
// is in round n + 1 when the latest round that had finished before it started is n. On a phone each round is a
// few hundred milliseconds of latency, whatever the bytes.
//
// Every request gets a large emulated latency, so requests started together (the ones the HTML names) all start
// before any of them finishes, and a request that had to wait for another starts after it has finished: the
// rounds then come from the order of the browser's own resource timings, not from how fast this machine is.
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { demoAdmin, demoStudent, signInThroughApi } from "./support";

const LATENCY_MS = 400;

interface Fetch {
  name: string;
  startTime: number;
  responseEnd: number;
}

interface Round extends Fetch {
  round: number;
}

/** Each fetch's round: one more than the latest round finished before it started (the document is round 1). */
function roundsOf(fetches: Fetch[]): Round[] {
  const rounds: Round[] = [];
  for (const fetch of [...fetches].sort((a, b) => a.startTime - b.startTime)) {
    const waitedFor = rounds.filter((earlier) => earlier.responseEnd <= fetch.startTime);
    rounds.push({ ...fetch, round: 1 + Math.max(0, ...waitedFor.map((earlier) => earlier.round)) });
  }
  return rounds;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The built files of a screen's chunk and every chunk it imports statically (dist/client/.vite/manifest.json). */
function chunksOfScreen(screen: string): string[] {
  const manifest = JSON.parse(readFileSync("dist/client/.vite/manifest.json", "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    if (files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(screen);
  return [...files];
}

/**
 * Opens `path` with every request delayed by LATENCY_MS and returns the round of each request the screen needs
 * (`screen` is its source under src/client), once its heading shows.
 */
async function roundsOfScreen(page: Page, path: string, screen: string, ready: RegExp) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: ready })).toBeVisible({ timeout: 30_000 });
  const fetches = await page.evaluate(() =>
    [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].map(
      (entry) => ({
        name: new URL(entry.name, location.href).pathname,
        startTime: entry.startTime,
        responseEnd: (entry as PerformanceResourceTiming).responseEnd,
      }),
    ),
  );
  const rounds = roundsOf(fetches);
  const needed = new Set([path, "/api/auth/user", ...chunksOfScreen(screen)]);
  const isNeeded = (name: string) => needed.has(name) || /^\/assets\/.*\.css$/.test(name);
  console.log(
    `${path}:\n${rounds
      .map(
        (fetch) =>
          `  round ${fetch.round}  ${Math.round(fetch.startTime)}–${Math.round(fetch.responseEnd)} ms  ${fetch.name}${isNeeded(fetch.name) ? "  (needed)" : ""}`,
      )
      .join("\n")}`,
  );
  // Every needed request was made (none missed by its name), and each in its round.
  expect(
    [...needed].filter((name) => !rounds.some((fetch) => fetch.name === name)),
    "needed but never fetched",
  ).toEqual([]);
  return Object.fromEntries(
    rounds.filter((fetch) => isNeeded(fetch.name)).map((fetch) => [fetch.name, fetch.round]),
  );
}

/** The names of the fetches in `rounds` later than the second round. */
const laterThanSecond = (rounds: Record<string, number>) =>
  Object.entries(rounds)
    .filter(([, round]) => round > 2)
    .map(([name, round]) => `${name} (round ${round})`);

test("the rounds are counted as the chain of waits, not as the number of requests", () => {
  // The document, two fetches it names, and one that one of them started after it arrived.
  const rounds = roundsOf([
    { name: "/", startTime: 0, responseEnd: 400 },
    { name: "/entry.js", startTime: 410, responseEnd: 820 },
    { name: "/api/auth/user", startTime: 411, responseEnd: 830 },
    { name: "/chunk.js", startTime: 900, responseEnd: 1300 },
  ]);
  expect(rounds.map((fetch) => fetch.round)).toEqual([1, 2, 2, 3]);
});

test("a student's home paints after at most two request rounds", async ({ page }) => {
  await signInThroughApi(page.request, demoStudent);

  const rounds = await roundsOfScreen(
    page,
    "/",
    "screens/signed-in-home/signed-in-home-screen.tsx",
    /Welcome back, Asha!/,
  );

  expect(laterThanSecond(rounds)).toEqual([]);
});

test("the admin dashboard paints after at most two request rounds", async ({ page }) => {
  await signInThroughApi(page.request, demoAdmin);

  const rounds = await roundsOfScreen(
    page,
    "/admin",
    "screens/admin-dashboard/admin-dashboard-screen.tsx",
    /Admin Dashboard/,
  );

  expect(laterThanSecond(rounds)).toEqual([]);
});

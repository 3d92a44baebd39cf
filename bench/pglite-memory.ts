// npm run bench:memory: the built server's resident memory on embedded PGlite (ADR 0044). Starts it on a fresh
// folder with the demo (initdb, migrations, seed), again on the same folder, and, given --data, runs the main
// benchmark (bench/run.ts) on that generated folder; samples VmRSS and reads VmHWM (the kernel's peak) from
// /proc. Prints one JSON object and writes it under bench/results/.
import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { root, startServer } from "./support";

const { values } = parseArgs({
  options: {
    // A folder made by `DATA_DIR=<folder> npm run bench:generate -- --scale 1`: measured under bench/run.ts.
    data: { type: "string" },
    duration: { type: "string", default: "5" },
    // Students bench/run.ts signs in for its writes (its own default, 1,000, since the fifteenth pass; 300 before,
    // when the earlier memory figures were taken): a sign-in phase and a write phase of that size.
    students: { type: "string" },
    label: { type: "string", default: "" },
  },
});

const MB = 1024 * 1024;
// The server runs in production mode, which wants a certificate key (ADR 0039); a throwaway one will do here.
process.env.CERTIFICATE_SIGNING_KEY ??= generateKeyPairSync("ed25519")
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();

/** How long the server idles after "running at" before its resident memory is read. */
const SETTLE_MS = 3000;

interface Sample {
  /** Resident now (after settling, or at the end of the load). */
  rssMB: number;
  /** The kernel's high-water mark of resident memory since the process began. */
  peakMB: number;
}

function memoryOf(pid: number): Sample {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rssMB: Math.round((kb("VmRSS") * 1024) / MB), peakMB: Math.round((kb("VmHWM") * 1024) / MB) };
}

async function stop(child: ReturnType<typeof spawn>) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Starts the built server on `dataDir`, lets it settle, reads its memory and stops it. */
async function startAndSample(dataDir: string, seedDemo: boolean): Promise<Sample & { startMs: number }> {
  const began = performance.now();
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: String(seedDemo) });
  const startMs = Math.round(performance.now() - began);
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return { ...memoryOf(server.child.pid ?? 0), startMs };
  } finally {
    await stop(server.child);
  }
}

/** The pid of `node dist/server/main.js` among the descendants of `pid`, once it exists. */
function serverUnder(pid: number): number | undefined {
  let children: number[] = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
    );
  } catch {
    return undefined;
  }
  for (const child of children) {
    try {
      if (readFileSync(`/proc/${child}/cmdline`, "utf8").includes("dist/server/main.js")) return child;
    } catch {
      // Gone already.
    }
    const found = serverUnder(child);
    if (found) return found;
  }
  return undefined;
}

/** bench/run.ts on the generated folder; the server it starts is sampled until it exits. */
async function underLoad(dataDir: string) {
  const run = spawn(
    "npx",
    [
      "tsx",
      "bench/run.ts",
      "--duration",
      values.duration,
      ...(values.students ? ["--students", values.students] : []),
      "--label",
      `memory${values.label ? `-${values.label}` : ""}`,
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  run.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  let last: Sample = { rssMB: 0, peakMB: 0 };
  let maxRss = 0;
  const timer = setInterval(() => {
    const pid = serverUnder(run.pid ?? 0);
    if (!pid) return;
    try {
      last = memoryOf(pid);
      maxRss = Math.max(maxRss, last.rssMB);
    } catch {
      // The server has stopped.
    }
  }, 100);
  const code = await new Promise<number | null>((resolve) => run.once("exit", resolve));
  clearInterval(timer);
  if (code !== 0) throw new Error(`bench/run.ts exited with ${code}:\n${output}`);
  const results = output.match(/written (\S+\.json)/)?.[1];
  return { rssMB: last.rssMB, peakMB: last.peakMB, sampledMaxRssMB: maxRss, results };
}

async function main() {
  if (process.env.DATABASE_URL) throw new Error("bench:memory measures embedded PGlite: unset DATABASE_URL");
  const fresh = mkdtempSync(path.join(tmpdir(), "seva-memory-"));
  try {
    const firstStart = await startAndSample(fresh, true);
    const restart = await startAndSample(fresh, true);
    const load = values.data ? await underLoad(path.resolve(values.data)) : undefined;
    const report = {
      date: new Date().toISOString(),
      label: values.label || undefined,
      node: process.version,
      firstStart,
      restart,
      students: values.students ? Number(values.students) : "bench/run.ts's default",
      scale1Load: load,
    };
    console.log(JSON.stringify(report, null, 2));
    const stamp = report.date.replace(/[:.]/g, "-");
    const file = path.join(
      root,
      "bench",
      "results",
      `${stamp}-memory${values.label ? `-${values.label}` : ""}.json`,
    );
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`written ${path.relative(root, file)}`);
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

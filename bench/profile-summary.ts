// Summarises a V8 CPU profile (`BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR"`, one .cpuprofile per process)
// by self time: per package (node_modules/<name>), Seva's own code, Node's internals, and V8's idle, program
// and garbage-collector buckets; then the heaviest functions. Usage: npx tsx bench/profile-summary.ts FILE [TOP]
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, top = "15"] = process.argv.slice(2);
if (!file) throw new Error("usage: profile-summary.ts FILE.cpuprofile [TOP]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

function packageOf({ functionName, url }: ProfileNode["callFrame"]): string {
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (modules?.[1]) return modules[1];
  if (url.includes("/dist/server/") || url.includes("/src/")) return "seva";
  if (url.startsWith("node:")) return "node internals";
  if (url === "") return functionName.startsWith("(") ? functionName : `native: ${functionName}`;
  return url;
}

const selfByPackage = new Map<string, number>();
const selfByFunction = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const node = byId.get(id);
  const micros = profile.timeDeltas[index] ?? 0;
  if (!node) return;
  total += micros;
  const name = packageOf(node.callFrame);
  selfByPackage.set(name, (selfByPackage.get(name) ?? 0) + micros);
  const where = node.callFrame.url.split("/").slice(-2).join("/");
  const fn = `${node.callFrame.functionName || "(anonymous)"} ${where}`.trim();
  selfByFunction.set(fn, (selfByFunction.get(fn) ?? 0) + micros);
});

const share = (micros: number) => `${((micros / total) * 100).toFixed(1)} %`;
const table = (entries: Map<string, number>, count: number) =>
  [...entries.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => ({ name, ms: Math.round(micros / 1000), share: share(micros) }));

console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.table(table(selfByPackage, Number(top)));
console.table(table(selfByFunction, Number(top)));

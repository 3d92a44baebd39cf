// `npm start`: builds the client and the server when the build is missing or older than the sources, then runs
// the server in this process (so SIGTERM/SIGINT reach it directly).
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outputs = [path.join(root, "dist/client/index.html"), path.join(root, "dist/server/main.js")];
const inputs = [path.join(root, "src"), path.join(root, "package.json"), path.join(root, "vite.config.ts")];

function newestModification(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  return newest;
}

const isBuilt = outputs.every((file) => existsSync(file));
const builtAt = isBuilt ? Math.min(...outputs.map((file) => statSync(file).mtimeMs)) : 0;
const sourcesAt = Math.max(...inputs.map(newestModification));
if (!isBuilt || sourcesAt > builtAt) {
  console.log(
    isBuilt ? "Sources changed since the last build: rebuilding…" : "First start: building the app…",
  );
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}

await import(pathToFileURL(outputs[1]).href);

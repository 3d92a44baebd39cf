import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project root, whether running from src/server (tsx) or from the bundle in dist/server. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (path.basename(dir) !== "src" && path.basename(dir) !== "dist") {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot locate the project root");
    dir = parent;
  }
  return path.dirname(dir);
}

export const migrationsFolder = () => path.join(projectRoot(), "src", "server", "db", "migrations");
export const clientDistFolder = () => path.join(projectRoot(), "dist", "client");

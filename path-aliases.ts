// The import aliases of the source tree, one list for TypeScript (tsconfig.json "paths" says the same), Vite
// and Vitest. esbuild, tsx and Playwright read tsconfig.json's paths themselves.
import { fileURLToPath } from "node:url";

const from = (folder: string) => fileURLToPath(new URL(`./${folder}/`, import.meta.url));

export const pathAliases = {
  "@client/": from("src/client"),
  "@server/": from("src/server"),
  "@shared/": from("src/shared"),
  "@test/": from("test"),
};

// Bundles the server into dist/server/main.js (dependencies stay in node_modules). Code splitting keeps each
// dynamic `import()` of our own code a separate chunk (dist/server/chunks/), so the packages it imports
// (react-email, pdfkit, …) load at its first use rather than at start (ADR 0044, third pass); without splitting,
// esbuild would hoist those packages' imports into main.js. SERVER_OUTDIR and SERVER_METAFILE serve the test that
// holds this (scripts/build-server.test.ts).
import { rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

const outdir = process.env.SERVER_OUTDIR ?? "dist/server";
// Chunks have hashed names: clear the folder so it holds only this build's.
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: "src/server/main.ts" },
  outdir,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  metafile: true,
});
if (process.env.SERVER_METAFILE) writeFileSync(process.env.SERVER_METAFILE, JSON.stringify(result.metafile));

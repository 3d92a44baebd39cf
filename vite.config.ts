import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { pathAliases } from "./path-aliases.ts";

// Code that only the admin screens use: the screens named admin-… and the features no other screen shows. With
// the chart library, chunks holding any of it are named "admin-…" or "recharts-…", so e2e/bundle-budget.spec.ts
// can prove that a student's pages never load them. A feature named here must stay out of every student screen.
const ADMIN_CODE =
  /\/src\/client\/(screens\/admin-[^/]+|features\/(administrators|analytics|opportunity-editor|opportunity-manager))\//;
const CHART_CODE = /\/node_modules\/(recharts|d3-[^/]+|victory-vendor)\//;

// A feature's index.ts only names its public parts (src/client/features/README.md). Declared free of side effects,
// it lets the bundler link each import straight to the file that defines the part, so a screen's chunk holds the
// parts it uses and not every part the index names (a student's dashboard would otherwise load the admin's hours
// dialogs with the student's own).
const FEATURE_INDEX = /\/src\/client\/features\/[^/]+\/index\.ts$/;

function chunkFileName(chunk: { name: string; moduleIds: string[] }): string {
  if (chunk.moduleIds.some((id) => CHART_CODE.test(id))) return "assets/recharts-[hash].js";
  if (chunk.moduleIds.some((id) => ADMIN_CODE.test(id))) {
    return chunk.name.startsWith("admin") ? "assets/[name]-[hash].js" : "assets/admin-[name]-[hash].js";
  }
  return "assets/[name]-[hash].js";
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at the highest levels;
 * the server sends them to browsers that accept them (`preCompressed` in src/server/app.ts).
 */
function precompress(): Plugin {
  return {
    name: "seva:precompress",
    apply: "build",
    writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) return;
      const files = readdirSync(outDir, { recursive: true, encoding: "utf8" });
      for (const file of files.filter((name) => COMPRESSIBLE.test(name))) {
        const filePath = path.join(outDir, file);
        const source = readFileSync(filePath);
        const brotli = brotliCompressSync(source, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        const gzip = gzipSync(source, { level: zlib.Z_BEST_COMPRESSION });
        // A copy no smaller than the file is of no use; the server falls back to the file itself.
        if (brotli.length < source.length) writeFileSync(`${filePath}.br`, brotli);
        if (gzip.length < source.length) writeFileSync(`${filePath}.gz`, gzip);
      }
    },
  };
}

// The client lives in src/client and builds to dist/client, which the server serves on the same port.
export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: pathAliases },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: { chunkFileNames: chunkFileName },
      treeshake: { moduleSideEffects: (id) => !FEATURE_INDEX.test(id) },
    },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
});

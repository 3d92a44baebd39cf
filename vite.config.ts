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

/** Common chunks below this size (source bytes before minification) are inlined where they are used. */
const INLINE_COMMON_CHUNK_BYTES = 6 * 1024;

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

/**
 * Preloads the brand typeface's Latin file from the page's head (ADR 0029): otherwise the browser learns of it
 * only once the stylesheet has arrived and text is laid out, one more round trip before the text settles.
 */
function preloadLatinFont(): Plugin {
  return {
    name: "seva:preload-latin-font",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((file) =>
          /plus-jakarta-sans-latin-wght-normal-[^/]*\.woff2$/.test(file),
        );
        if (!font) throw new Error("the Latin file of the brand typeface is missing from the build");
        return [
          {
            tag: "link",
            attrs: { rel: "preload", href: `/${font}`, as: "font", type: "font/woff2", crossorigin: "" },
            injectTo: "head",
          },
        ];
      },
    },
  };
}

// The client lives in src/client and builds to dist/client, which the server serves on the same port.
export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss(), preloadLatinFont(), precompress()],
  resolve: { alias: pathAliases },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    // Which chunks each screen imports: the server names a page's screen and its imports in the HTML it sends
    // (src/server/http/app-shell.ts), so they load beside the entry script instead of after it.
    manifest: true,
    rolldownOptions: {
      output: {
        chunkFileNames: chunkFileName,
        // Screens share many tiny modules (an icon, a label table, an API hook): split by who shares them, they
        // became about twenty chunks of 1 kB each that a phone fetched over six connections, several rounds of
        // latency before a screen could paint (ADR 0029). A common chunk this small is copied into each chunk
        // that uses it instead. Admin and chart code is never copied into a student's chunk.
        codeSplitting: {
          // TanStack Query in one chunk: every page loads all of it anyway, and left to the splitter its mutation
          // modules became a chunk of their own once the hours dialogs loaded on demand (ADR 0046), 0.8 kB more
          // for the landing page; gathered, the landing page loads 118.2 kB instead of 119.1.
          groups: [{ name: "react-query", test: /\/node_modules\/@tanstack\// }],
          experimentalInlineCommonChunks: {
            maxSize: INLINE_COMMON_CHUNK_BYTES,
            exclude: [ADMIN_CODE, CHART_CODE],
          },
        },
      },
      treeshake: { moduleSideEffects: (id) => !FEATURE_INDEX.test(id) },
    },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
});

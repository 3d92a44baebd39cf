// The server bundle loads the heavy libraries only where they are used (ADR 0044, third pass): what main.js
// imports at start, following static imports through the shared chunks, names none of them.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { tempFolders } from "@test/temp-folders";
import { describe, expect, it } from "vitest";

/** Imported at their first use only: each costs several MB of a process that may never need it. */
const LOADED_AT_FIRST_USE = [
  "@react-email/components",
  "react-dom/server",
  "react/jsx-runtime",
  "pdfkit",
  "qrcode",
  "nodemailer",
  "openid-client",
  "oidc-provider",
  "pg",
];

interface Metafile {
  outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
}

const folder = tempFolders("seva-server-bundle-")();

describe("the server bundle", () => {
  it("imports the heavy libraries only through dynamic import()", () => {
    const metafilePath = path.join(folder, "meta.json");
    execFileSync(process.execPath, ["scripts/build-server.mjs"], {
      env: { ...process.env, SERVER_OUTDIR: path.join(folder, "server"), SERVER_METAFILE: metafilePath },
    });
    const { outputs } = JSON.parse(readFileSync(metafilePath, "utf8")) as Metafile;
    const main = Object.keys(outputs).find((name) => name.endsWith("/server/main.js"));
    expect(main).toBeDefined();

    const atStart = new Set<string>();
    const seen = new Set<string>();
    const walk = (output: string) => {
      if (seen.has(output)) return;
      seen.add(output);
      for (const imported of outputs[output]?.imports ?? []) {
        if (imported.kind !== "import-statement") continue;
        if (imported.external) atStart.add(imported.path);
        else walk(imported.path);
      }
    };
    walk(main as string);

    expect(atStart).toContain("fastify");
    expect([...atStart].filter((name) => LOADED_AT_FIRST_USE.includes(name))).toEqual([]);
    // Each one is still in the bundle, behind a dynamic import somewhere.
    const dynamic = new Set(
      Object.values(outputs).flatMap((output) =>
        output.imports.filter((imported) => imported.external).map((imported) => imported.path),
      ),
    );
    for (const name of [
      "@react-email/components",
      "pdfkit",
      "nodemailer",
      "openid-client",
      "oidc-provider",
      "pg",
    ])
      expect(dynamic).toContain(name);
  });
});

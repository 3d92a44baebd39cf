// Proves the import rules between the layers of the client and of the server (biome.json's noRestrictedImports
// overrides; see src/client/README.md and src/server/README.md): each probe file is linted with the project's own
// biome.json in a scratch folder laid out like src/, and exactly the imports that break a rule are refused. `npm run lint` applies the same
// rules to the real tree.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { tempFolders } from "./temp-folders";

const repo = fileURLToPath(new URL("..", import.meta.url));
const biome = path.join(repo, "node_modules", ".bin", "biome");

/** Each probe: the file it stands in for, and for each import whether the rules let it through. */
const probes: Record<string, Record<string, "allowed" | "refused">> = {
  "src/client/features/apply/probe.ts": {
    "./apply-state": "allowed",
    "@client/features/hours": "allowed",
    "@client/features/hours/api": "allowed",
    "@client/lib/paths": "allowed",
    "@client/components/ui/button": "allowed",
    "@client/features/hours/approve-hours-dialog": "refused",
    "../hours/api": "refused",
    "../../lib/paths": "refused",
    "@client/app/router": "refused",
    "@client/screens/dashboard/dashboard-screen": "refused",
    "@server/errors": "refused",
  },
  "src/client/screens/dashboard/probe.ts": {
    "./welcome-header": "allowed",
    "@client/features/hours": "allowed",
    "@client/features/applications/api": "allowed",
    "@client/features/hours/hour-history": "refused",
    "@client/screens/profile/profile-header": "refused",
    "../profile/profile-header": "refused",
    "@client/app/router": "refused",
  },
  "src/client/app/probe.ts": {
    "@client/screens/dashboard/dashboard-screen": "allowed",
    "@client/features/auth/api": "allowed",
    "@client/screens/dashboard/welcome-header": "refused",
    "@client/features/auth/login-form": "refused",
  },
  "src/client/components/probe.ts": {
    "./ui/button": "allowed",
    "@client/lib/cn": "allowed",
    "@client/features/hours": "refused",
    "@client/screens/dashboard/dashboard-screen": "refused",
    "@client/app/router": "refused",
  },
  "src/client/lib/probe.ts": {
    "./api-client": "allowed",
    "@client/components/ui/button": "refused",
    "@client/features/auth/api": "refused",
  },
  "src/server/modules/coins/probe.ts": {
    "@server/errors": "allowed",
    "@server/db/client": "allowed",
    "@server/sessions/session-store": "allowed",
    "../access": "allowed",
    "@server/http/route": "refused",
    "../../http/route": "refused",
    "@server/demo/seed": "refused",
    "@client/lib/paths": "refused",
  },
  "src/server/modules/coins/probe.routes.ts": {
    "@server/http/route": "allowed",
    "./coins.service": "allowed",
  },
  "src/server/http/probe.ts": {
    "@server/sessions/session-cookie": "allowed",
    "@server/db/client": "allowed",
    "@server/modules/access": "refused",
    "@server/app": "refused",
  },
  "src/server/sessions/probe.ts": {
    "@server/db/client": "allowed",
    "@server/http/route": "refused",
    "@server/modules/access": "refused",
  },
  "src/server/db/probe.ts": {
    "./client": "allowed",
    "@server/sessions/session-store": "refused",
    "@server/http/response-cache": "refused",
    "@server/modules/access": "refused",
  },
  "src/shared/domain/probe.ts": {
    "./enums": "allowed",
    "@server/errors": "refused",
    "@client/lib/paths": "refused",
    react: "refused",
  },
};

const scratchFolder = tempFolders("seva-import-layers-");
let scratch: string;
/** "file:line" of every import the layer rules refused. */
let refused: Set<string>;

beforeAll(() => {
  scratch = scratchFolder();
  // The scratch folder is no git work tree, so the configuration runs without its VCS part.
  const { vcs: _vcs, ...config } = JSON.parse(readFileSync(path.join(repo, "biome.json"), "utf8"));
  writeFileSync(path.join(scratch, "biome.json"), JSON.stringify(config));
  for (const [file, imports] of Object.entries(probes)) {
    const specifiers = Object.keys(imports);
    const source = [
      ...specifiers.map((specifier, index) => `import { name${index} } from "${specifier}";`),
      `export const names = [${specifiers.map((_, index) => `name${index}`).join(", ")}];`,
    ].join("\n");
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), `${source}\n`);
  }
  const run = spawnSync(biome, ["lint", "--reporter=github", "--max-diagnostics=none", "."], {
    cwd: scratch,
    encoding: "utf8",
  });
  refused = new Set(
    [
      ...run.stdout.matchAll(/^::error title=lint\/style\/noRestrictedImports,file=([^,]+),line=(\d+),/gm),
    ].map(([, file = "", line]) => `${path.relative(scratch, file)}:${line}`),
  );
});

describe("the layer rules", () => {
  for (const [file, imports] of Object.entries(probes)) {
    Object.entries(imports).forEach(([specifier, expected], index) => {
      it(`${expected === "refused" ? "refuse" : "allow"} "${specifier}" in ${path.dirname(file)}/`, () => {
        expect(refused.has(`${file}:${index + 1}`) ? "refused" : "allowed").toBe(expected);
      });
    });
  }

  it("refuse nothing in the real tree", () => {
    const run = spawnSync(biome, ["lint", "--reporter=github", "--only=style/noRestrictedImports", "src"], {
      cwd: repo,
      encoding: "utf8",
    });
    expect(run.stdout).toBe("");
    expect(run.status).toBe(0);
  });
});

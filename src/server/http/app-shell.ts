// The app shell (index.html) as the server sends it for a page: with the page's screen chunk and every chunk it
// imports named as <link rel="modulepreload">, so the browser fetches them beside the entry script. Without them a
// signed-in page waited for the entry script, then for the screen's chunks it asked for (issue 21, ADR 0029): one
// more round of latency before the screen could paint, several hundred milliseconds on a phone.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";

/** A chunk of Vite's build manifest (dist/client/.vite/manifest.json, `build.manifest` in vite.config.ts). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface FirstScreen {
  path: RegExp;
  /** The screen's source (src/client/…) for a signed-in person, and for a visitor where the page has one. */
  signedIn: string;
  visitor?: string;
}

// The pages a person most often opens first, and the screen src/client/app/router.tsx shows on each. Only code is
// named here, never data, and the code is public: whether the request carries a session cookie only chooses which
// screen is likely (a stale cookie costs one unused download). An admin screen is named for a signed-in person
// only: a visitor is sent to the sign-in page.
const FIRST_SCREENS: FirstScreen[] = [
  {
    path: /^\/$/,
    signedIn: "screens/signed-in-home/signed-in-home-screen.tsx",
    visitor: "screens/landing/landing-screen.tsx",
  },
  { path: /^\/admin\/?$/, signedIn: "screens/admin-dashboard/admin-dashboard-screen.tsx" },
  { path: /^\/opportunity\/\d+\/?$/, signedIn: "screens/opportunity/opportunity-screen.tsx" },
  { path: /^\/opportunities\/?$/, signedIn: "screens/opportunities/opportunities-screen.tsx" },
  { path: /^\/leaderboard\/?$/, signedIn: "screens/leaderboard/leaderboard-screen.tsx" },
  { path: /^\/dashboard\/?$/, signedIn: "screens/dashboard/dashboard-screen.tsx" },
];

/** The screen source likely shown first at `pathname`, if it is one of FIRST_SCREENS. */
export function firstScreenOf(pathname: string, hasSessionCookie: boolean): string | undefined {
  const screen = FIRST_SCREENS.find((candidate) => candidate.path.test(pathname));
  if (!screen) return undefined;
  return hasSessionCookie ? screen.signedIn : screen.visitor;
}

/** The files of a manifest chunk and of everything it imports statically, the chunk first. */
export function chunkFilesOf(manifest: Manifest, key: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (chunkKey: string) => {
    const chunk = manifest[chunkKey];
    if (!chunk || seen.has(chunkKey)) return;
    seen.add(chunkKey);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/**
 * index.html with modulepreload links for `screen`'s chunks that the page does not name already (the entry's own
 * imports are in it from the build), before </head>.
 */
export function withScreenPreloads(html: string, manifest: Manifest, screen: string | undefined): string {
  if (!screen) return html;
  const links = chunkFilesOf(manifest, screen)
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
    .join("");
  if (links === "") return html;
  return html.replace("</head>", `${links}  </head>`);
}

/** Reads the built shell and manifest on each call, so a rebuilt client is served without a restart. */
export async function readAppShell(clientDir: string): Promise<{ html: string; manifest: Manifest }> {
  const [html, manifest] = await Promise.all([
    readFile(path.join(clientDir, "index.html"), "utf8"),
    readFile(path.join(clientDir, ".vite", "manifest.json"), "utf8")
      .then((text) => JSON.parse(text) as Manifest)
      .catch(() => ({})),
  ]);
  return { html, manifest };
}

/**
 * The shell compressed as the browser accepts (Brotli, else gzip, else as it is). It differs per page now, so it is
 * compressed per request instead of at build time: about 2 kB, a fraction of a millisecond at these levels.
 */
export function encodeShell(
  html: string,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: string } {
  // Each coding the header names without q=0 ("br;q=0" refuses Brotli).
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.split(";").map((piece) => piece.trim().toLowerCase()))
      .filter(([, quality]) => !/^q=0(\.0*)?$/.test(quality ?? ""))
      .map(([name]) => name),
  );
  const accepts = (name: string) => accepted.has(name);
  if (accepts("br")) {
    return { body: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), encoding: "br" };
  }
  if (accepts("gzip")) return { body: gzipSync(html, { level: 6 }), encoding: "gzip" };
  return { body: Buffer.from(html) };
}

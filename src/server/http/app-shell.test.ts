// The app shell names the likely first screen's chunks (issue 21); code only, chosen by the cookie's presence.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodeShell, firstScreenOf, withScreenPreloads } from "./app-shell";

const manifest = {
  "index.html": { file: "assets/index-1.js", imports: ["_shared-2.js"] },
  "_shared-2.js": { file: "assets/shared-2.js" },
  "_dialog-3.js": { file: "assets/dialog-3.js", imports: ["_shared-2.js"] },
  "screens/admin-dashboard/admin-dashboard-screen.tsx": {
    file: "assets/admin-dashboard-screen-4.js",
    imports: ["_shared-2.js", "_dialog-3.js"],
  },
};
const html = `<html><head><script type="module" src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/shared-2.js">
</head><body></body></html>`;

describe("the app shell", () => {
  it("picks the screen by page and by whether a session cookie came with the request", () => {
    expect(firstScreenOf("/", true)).toBe("screens/signed-in-home/signed-in-home-screen.tsx");
    expect(firstScreenOf("/", false)).toBe("screens/landing/landing-screen.tsx");
    expect(firstScreenOf("/admin", true)).toBe("screens/admin-dashboard/admin-dashboard-screen.tsx");
    // A visitor to an admin page is sent to sign in: no admin code for them.
    expect(firstScreenOf("/admin", false)).toBeUndefined();
    expect(firstScreenOf("/opportunity/12", true)).toBe("screens/opportunity/opportunity-screen.tsx");
    expect(firstScreenOf("/admin/mail", true)).toBeUndefined();
  });

  it("names the screen's chunk and its imports once each, leaving out what the page already names", () => {
    const page = withScreenPreloads(html, manifest, "screens/admin-dashboard/admin-dashboard-screen.tsx");
    const preloads = [...page.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(preloads).toEqual([
      "/assets/shared-2.js",
      "/assets/admin-dashboard-screen-4.js",
      "/assets/dialog-3.js",
    ]);
    expect(page.indexOf("dialog-3.js")).toBeLessThan(page.indexOf("</head>"));
    expect(withScreenPreloads(html, manifest, undefined)).toBe(html);
    expect(withScreenPreloads(html, manifest, "screens/unknown.tsx")).toBe(html);
  });

  it("compresses the page as the browser accepts it", () => {
    const brotli = encodeShell(html, "gzip, deflate, br");
    expect(brotli.encoding).toBe("br");
    expect(brotliDecompressSync(brotli.body).toString()).toBe(html);
    const gzip = encodeShell(html, "gzip, br;q=0");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    expect(encodeShell(html, undefined)).toEqual({ body: Buffer.from(html) });
  });
});

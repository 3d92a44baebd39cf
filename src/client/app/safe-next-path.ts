import { paths } from "@client/lib/paths";

const PROBE_ORIGIN = "https://seva.invalid";
const signInPages = new Set<string>([paths.login, paths.register, paths.forgotPassword, paths.resetPassword]);

/**
 * The `next` parameter of /login, accepted only when it is a path of this site: "/profile?tab=x" passes,
 * "//evil.example", "/\\evil.example", "https://evil.example" and "javascript:…" do not. Pointing back at the
 * sign-in pages would loop, so those are refused too.
 */
export function safeNextPath(raw: string | null | undefined): string | undefined {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return undefined;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN) return undefined;
  if (signInPages.has(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

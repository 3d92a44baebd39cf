// The known-device cookie (ADR 0016): after a successful sign-in the browser keeps a signed random id tied to the
// account, sent only to the sign-in endpoint. A sign-in that presents it for the same account is counted against
// that device alone, so someone guessing the account's password from elsewhere cannot lock its owner out.
import { createHash, randomBytes } from "node:crypto";
import { normalizeEmail } from "@shared/domain/email";
import type { FastifyReply, FastifyRequest } from "fastify";

export const DEVICE_COOKIE = "seva.device";
const DEVICE_COOKIE_PATH = "/api/login";
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** What a device cookie says about the account it was issued for, without storing the address in the browser. */
function accountTag(email: string): string {
  return createHash("sha256").update(normalizeEmail(email)).digest("base64url").slice(0, 22);
}

/** The device id, when the request carries a validly signed device cookie issued for this account. */
export function readKnownDevice(request: FastifyRequest, email: string): string | undefined {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  const [tag, device, ...rest] = unsigned.value.split(".");
  return tag === accountTag(email) && device && rest.length === 0 ? device : undefined;
}

/** Remembers this browser as a known device of the account (keeping its id when it already was one). */
export function setDeviceCookie(reply: FastifyReply, email: string, device?: string): void {
  const id = device ?? randomBytes(16).toString("base64url");
  reply.setCookie(DEVICE_COOKIE, `${accountTag(email)}.${id}`, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: "auto",
    signed: true,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

// The supervisor's verification link (docs/product-rules.md §10, ADR 0038): a signed, stateless token
// `<submissionId>.<expiresEpochSeconds>.<base64url HMAC-SHA256>`. No table holds it: the signature under a key
// derived (HKDF) from the session secret is its proof, and the submission's own row says whether it may still be
// answered (a single decision). It travels in the page's fragment (/confirm-hours#token=…), so no server log sees it.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { badRequest, gone } from "@server/errors";
import { VERIFICATION_LINK_DAYS } from "@shared/domain/limits";

const PURPOSE = "seva-supervisor-verification-v1";
const DAY_MS = 86_400_000;

export const LINK_INVALID = "This verification link is not valid";
export const LINK_EXPIRED = "This verification link has expired: ask the student to send a new one";

/** The page the e-mail links to; the client's route, written here because the server may not import the client. */
export const CONFIRM_HOURS_PATH = "/confirm-hours";

/** The signing key of verification links: its own key, derived from the session secret for this purpose only. */
export function verificationKeyOf(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionSecret, "", PURPOSE, 32));
}

function signatureOf(key: Buffer, submissionId: number, expires: number): Buffer {
  return createHmac("sha256", key).update(`${submissionId}.${expires}`).digest();
}

/** A link for the submission, valid VERIFICATION_LINK_DAYS from `now`. */
export function createVerificationToken(key: Buffer, submissionId: number, now = new Date()): string {
  const expires = Math.floor((now.getTime() + VERIFICATION_LINK_DAYS * DAY_MS) / 1000);
  return `${submissionId}.${expires}.${signatureOf(key, submissionId, expires).toString("base64url")}`;
}

/** The address the supervisor opens (`publicUrl` without a trailing slash). */
export function verificationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${CONFIRM_HOURS_PATH}#token=${token}`;
}

const TOKEN_SHAPE = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * The submission a token names. A malformed or forged token (any changed character, another submission's id) is
 * a 400; a genuine one past its time is a 410. The signature is compared in constant time.
 */
export function readVerificationToken(key: Buffer, token: string, now = new Date()): number {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) throw badRequest(LINK_INVALID);
  const submissionId = Number(match[1]);
  const expires = Number(match[2]);
  const given = Buffer.from(match[3] ?? "", "base64url");
  const expected = signatureOf(key, submissionId, expires);
  // base64url of 32 bytes is 43 characters, but a changed last character may decode to the same bytes: compare
  // the text as well, so exactly one spelling of the signature is accepted.
  const canonical = expected.toString("base64url") === match[3];
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || !canonical)
    throw badRequest(LINK_INVALID);
  if (expires * 1000 <= now.getTime()) throw gone(LINK_EXPIRED);
  return submissionId;
}

// One-click unsubscribe tokens (RFC 8058, ADR 0031): the person and the category, signed with HMAC-SHA256 under
// the session secret. No table: the token is its own proof, valid as long as the secret is. It only ever turns
// one category's e-mail off, so a forwarded message risks no more than that.
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  OPTIONAL_CATEGORIES,
} from "@shared/domain/notifications";

const PURPOSE = "seva-unsubscribe-v1";

function signatureOf(secret: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`${PURPOSE}:${payload}`).digest();
}

export function createUnsubscribeToken(
  secret: string,
  userId: number,
  category: NotificationCategory,
): string {
  const payload = `${userId}.${category}`;
  return `${Buffer.from(payload).toString("base64url")}.${signatureOf(secret, payload).toString("base64url")}`;
}

export interface UnsubscribeClaim {
  userId: number;
  category: Exclude<NotificationCategory, "security">;
}

/** The token's person and category, or undefined when it is malformed, tampered with or names security mail. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | undefined {
  const [encoded, signature, ...rest] = token.split(".");
  if (!encoded || !signature || rest.length > 0) return undefined;
  const payload = Buffer.from(encoded, "base64url").toString("utf8");
  const given = Buffer.from(signature, "base64url");
  const expected = signatureOf(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const match = /^(\d{1,10})\.([a-z_]+)$/.exec(payload);
  const category = match?.[2] as NotificationCategory | undefined;
  if (!match || !category || !(NOTIFICATION_CATEGORIES as readonly string[]).includes(category))
    return undefined;
  if (!(OPTIONAL_CATEGORIES as readonly string[]).includes(category)) return undefined;
  return { userId: Number(match[1]), category: category as UnsubscribeClaim["category"] };
}

/** The address in List-Unsubscribe (RFC 8058's one-click POST target) and the page linked in the message. */
export function unsubscribeLinks(publicUrl: string, token: string): { oneClick: string; page: string } {
  const query = new URLSearchParams({ token }).toString();
  return { oneClick: `${publicUrl}/api/unsubscribe?${query}`, page: `${publicUrl}/unsubscribe?${query}` };
}

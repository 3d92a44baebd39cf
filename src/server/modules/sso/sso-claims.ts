// What Seva takes from a checked ID token (docs/product-rules.md §13): the person's stable name at the provider,
// a verified e-mail address of an accepted domain, their names, and whether they are in the administrators' group.
// Anything short of that is a refusal with its reason.
import type { SsoConfig } from "@server/config";
import { isAllowedEmailDomain, normalizeEmail } from "@shared/domain/email";
import { NAME_MAX_LENGTH } from "@shared/domain/limits";
import type { SsoRefusal } from "@shared/domain/sso";
import type { IdTokenClaims } from "./oidc-client";

export interface SsoPerson {
  issuer: string;
  subject: string;
  /** Normalized. */
  email: string;
  firstName: string;
  lastName: string;
  /** In config.sso.adminGroup (never true when no group is configured). */
  inAdminGroup: boolean;
}

export type ClaimsReading = { person: SsoPerson } | { refusal: Extract<SsoRefusal, "unverified" | "domain"> };

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

function cut(name: string): string {
  return name.slice(0, NAME_MAX_LENGTH).trim();
}

/** given_name and family_name, else `name` split at its last space, else the e-mail's local part. */
function namesOf(claims: IdTokenClaims, email: string): { firstName: string; lastName: string } {
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  if (given || family) return { firstName: cut(given || family), lastName: cut(given ? family : "") };
  const full = text(claims.name).replace(/\s+/g, " ");
  if (full) {
    const space = full.lastIndexOf(" ");
    return space > 0
      ? { firstName: cut(full.slice(0, space)), lastName: cut(full.slice(space + 1)) }
      : { firstName: cut(full), lastName: "" };
  }
  return { firstName: cut(email.split("@")[0] ?? email), lastName: "" };
}

/** The groups claim may be one string or an array of strings (Entra ID sends an array of object ids). */
function isInGroup(claims: IdTokenClaims, sso: SsoConfig): boolean {
  if (!sso.adminGroup) return false;
  const groups = claims[sso.groupsClaim];
  if (typeof groups === "string") return groups === sso.adminGroup;
  return Array.isArray(groups) && groups.some((group) => group === sso.adminGroup);
}

export function readClaims(
  claims: IdTokenClaims,
  sso: SsoConfig,
  issuer: string,
  allowedDomains: readonly string[],
): ClaimsReading {
  const email = text(claims.email);
  // Only the provider's word that the address is the person's own: `email_verified`, or Entra ID's optional
  // claim for a verified domain owner's address.
  const verified = claims.email_verified === true || claims.xms_edov === true;
  if (!email || !verified) return { refusal: "unverified" };
  if (!isAllowedEmailDomain(email, allowedDomains)) return { refusal: "domain" };
  const normalized = normalizeEmail(email);
  return {
    person: {
      issuer,
      subject: claims.sub,
      email: normalized,
      ...namesOf(claims, normalized),
      inAdminGroup: isInGroup(claims, sso),
    },
  };
}

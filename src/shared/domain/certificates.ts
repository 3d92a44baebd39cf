// What a certificate states (docs/product-rules.md §11). The snapshot is frozen when the certificate is issued and
// signed as it is; the PDF, the public verification page and the offline check all read this one shape.
import type { OpportunityType } from "./enums";

/** All of a student's approved service, or that of one opportunity. */
export const CERTIFICATE_SCOPES = ["all", "opportunity"] as const;
export type CertificateScope = (typeof CERTIFICATE_SCOPES)[number];

/** Who revoked a certificate: its student, an admin, or the deletion of the student's account. */
export const REVOKE_REASONS = ["student", "admin", "account_deleted"] as const;
export type RevokeReason = (typeof REVOKE_REASONS)[number];

/** One opportunity's approved service, as the certificate states it. */
export interface CertificateEntry {
  title: string;
  type: OpportunityType;
  /** The first and last day served over its approved submissions (YYYY-MM-DD), null for hours older than dates. */
  servedFrom: string | null;
  servedTo: string | null;
  /** Approved hours only: pending, rejected and disputed submissions are never counted. */
  hours: number;
  coins: number;
  /** Every approved submission counted here was confirmed by the on-site supervisor. */
  supervisorVerified: boolean;
}

export interface CertificateSnapshot {
  /** The shape's version, so an old certificate is still read right after the shape grows. */
  version: 1;
  code: string;
  /** ISO 8601 instant. */
  issuedAt: string;
  institution: string;
  holder: { name: string; programme: string | null };
  scope: CertificateScope;
  entries: CertificateEntry[];
  totalHours: number;
  totalCoins: number;
  verifyUrl: string;
}

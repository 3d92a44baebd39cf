// Certificates of approved service (docs/product-rules.md §11, ADR 0039): a student issues one (all approved
// service, or one opportunity), frozen as a signed snapshot under an unguessable code; anyone may verify the
// code; the student or an admin revokes it; deleting the account revokes every one and erases what they state.
import { randomBytes } from "node:crypto";
import type { Database, Executor } from "@server/db/client";
import { applications, certificates, hourSubmissions, opportunities } from "@server/db/schema";
import { conflict, notFound } from "@server/errors";
import type { SigningKey } from "@server/lib/signing-key";
import { toIso } from "@server/lib/sql";
import type { MailSite } from "@server/mail/site";
import type { SessionUser } from "@server/sessions/session-store";
import type {
  Certificate,
  CertificateVerification,
  IssueCertificateBody,
} from "@shared/contract/certificates";
import type { CertificateEntry, CertificateSnapshot, RevokeReason } from "@shared/domain/certificates";
import { PROGRAM_LABELS } from "@shared/domain/enums";
import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { signSnapshot, snapshotSignatureValid } from "./certificate-signature";

export const NO_CERTIFICATE = "No certificate has this code";
export const NO_APPROVED_HOURS = "You have no approved hours to certify yet";
export const NO_APPROVED_HOURS_HERE = "You have no approved hours to certify on this opportunity";
export const ALREADY_REVOKED = "This certificate is already revoked";
export const ALL_SERVICE_TITLE = "All approved service";

/** What issuing needs besides the database: the key, and where the verification page lives. */
export interface CertificateSite extends MailSite {
  key: SigningKey;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** 26 base32 characters of 16 random bytes (128 bits, RFC 4648 alphabet, no padding). */
export function newCertificateCode(): string {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let code = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) code += BASE32[(value << (5 - bits)) & 31];
  return code;
}

export const verifyUrlOf = (site: MailSite, code: string) => `${site.publicUrl}/verify/${code}`;
export const pdfUrlOf = (code: string) => `/api/certificates/${code}/pdf`;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Approved hours that are not disputed, per opportunity: what a certificate may state. */
async function approvedEntries(
  db: Executor,
  studentId: number,
  opportunityId: number | undefined,
): Promise<CertificateEntry[]> {
  const rows = await db
    .select({
      opportunityId: opportunities.id,
      title: opportunities.title,
      type: opportunities.type,
      servedFrom: sql<string | null>`min(${hourSubmissions.servedFrom})::text`,
      servedTo: sql<string | null>`max(${hourSubmissions.servedTo})::text`,
      hours: sql<number>`sum(${hourSubmissions.hours})::float8`,
      coins: sql<number>`sum(${hourSubmissions.coinsAwarded})::int`,
      supervisorVerified: sql<boolean>`bool_and(${hourSubmissions.verificationStatus} = 'confirmed')`,
      firstApproved: sql<string>`min(${hourSubmissions.reviewedAt})::text`,
    })
    .from(hourSubmissions)
    .innerJoin(applications, eq(applications.id, hourSubmissions.applicationId))
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .where(
      and(
        eq(applications.userId, studentId),
        eq(hourSubmissions.status, "approved"),
        ne(hourSubmissions.verificationStatus, "disputed"),
        opportunityId === undefined ? undefined : eq(opportunities.id, opportunityId),
      ),
    )
    .groupBy(opportunities.id, opportunities.title, opportunities.type)
    .orderBy(sql`min(${hourSubmissions.servedFrom}) nulls last`, asc(opportunities.id));
  return rows.map((row) => ({
    title: row.title,
    type: row.type,
    servedFrom: row.servedFrom,
    servedTo: row.servedTo,
    hours: round2(Number(row.hours)),
    coins: Number(row.coins),
    supervisorVerified: Boolean(row.supervisorVerified),
  }));
}

type CertificateRow = typeof certificates.$inferSelect;

function toCertificate(row: CertificateRow, site: MailSite): Certificate {
  return {
    code: row.code,
    scope: row.scope,
    opportunityId: row.opportunityId,
    title:
      row.scope === "all"
        ? ALL_SERVICE_TITLE
        : (row.snapshot?.entries[0]?.title ?? "Approved service on one opportunity"),
    totalHours: row.snapshot?.totalHours ?? 0,
    issuedAt: toIso(row.issuedAt),
    revokedAt: toIso(row.revokedAt),
    revokeReason: row.revokeReason,
    verifyUrl: verifyUrlOf(site, row.code),
    pdfUrl: pdfUrlOf(row.code),
  };
}

export async function issueCertificate(
  db: Database,
  site: CertificateSite,
  student: SessionUser,
  body: IssueCertificateBody,
): Promise<Certificate> {
  const opportunityId = body.scope === "opportunity" ? body.opportunityId : undefined;
  const entries = await approvedEntries(db, student.id, opportunityId);
  if (entries.length === 0) {
    throw conflict(opportunityId === undefined ? NO_APPROVED_HOURS : NO_APPROVED_HOURS_HERE);
  }
  const code = newCertificateCode();
  // Milliseconds dropped: the instant reads the same in the snapshot, the database and the PDF.
  const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const snapshot: CertificateSnapshot = {
    version: 1,
    code,
    issuedAt: issuedAt.toISOString(),
    institution: site.institutionName,
    holder: {
      name: `${student.firstName} ${student.lastName}`.trim(),
      programme: student.program ? PROGRAM_LABELS[student.program] : null,
    },
    scope: body.scope,
    entries,
    totalHours: round2(entries.reduce((sum, entry) => sum + entry.hours, 0)),
    totalCoins: entries.reduce((sum, entry) => sum + entry.coins, 0),
    verifyUrl: verifyUrlOf(site, code),
  };
  const [row] = await db
    .insert(certificates)
    .values({
      code,
      userId: student.id,
      scope: body.scope,
      opportunityId: opportunityId ?? null,
      snapshot,
      signature: signSnapshot(snapshot, site.key.privateKey),
      keyId: site.key.keyId,
      issuedAt,
    })
    .returning();
  if (!row) throw new Error("the certificate was not stored");
  return toCertificate(row, site);
}

export async function listOwnCertificates(db: Database, site: MailSite, studentId: number) {
  const rows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, studentId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  return rows.map((row) => toCertificate(row, site));
}

/** The certificate of a code, or undefined (a code that cannot be one never reaches the database). */
export async function findCertificate(db: Executor, code: string): Promise<CertificateRow | undefined> {
  // Base32 reads the same in either case: a code typed in lower case finds its certificate.
  const normalised = code.trim().toUpperCase();
  if (!/^[A-Z2-7]{26}$/.test(normalised)) return undefined;
  const [row] = await db.select().from(certificates).where(eq(certificates.code, normalised));
  return row;
}

const canManage = (user: SessionUser | null, row: CertificateRow) =>
  user !== null && (user.role === "admin" || (row.userId !== null && row.userId === user.id));

/** The holder's or an admin's certificate; everyone else learns nothing, as for an unknown code. */
export async function certificateFor(db: Executor, user: SessionUser, code: string): Promise<CertificateRow> {
  const row = await findCertificate(db, code);
  if (!row || !canManage(user, row)) throw notFound(NO_CERTIFICATE);
  return row;
}

export async function verifyCertificate(
  db: Database,
  key: SigningKey,
  user: SessionUser | null,
  code: string,
): Promise<CertificateVerification> {
  const row = await findCertificate(db, code);
  if (!row) throw notFound(NO_CERTIFICATE);
  const signatureValid =
    row.snapshot !== null &&
    row.signature !== null &&
    row.keyId === key.keyId &&
    snapshotSignatureValid(row.snapshot, row.signature, key.publicKey);
  return {
    status: row.revokedAt === null ? "valid" : "revoked",
    snapshot: row.snapshot,
    signature: row.signature,
    keyId: row.keyId,
    signatureValid,
    revokedAt: toIso(row.revokedAt),
    revokeReason: row.revokeReason,
    canRevoke: row.revokedAt === null && canManage(user, row),
  };
}

export async function revokeCertificate(db: Database, user: SessionUser, code: string): Promise<void> {
  const row = await certificateFor(db, user, code);
  const reason: RevokeReason = row.userId === user.id ? "student" : "admin";
  // Compare-and-set: of two revocations at once, one wins and the other is told it is already done.
  const revoked = await db
    .update(certificates)
    .set({ revokedAt: new Date(), revokedBy: user.id, revokeReason: reason })
    .where(and(eq(certificates.id, row.id), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
  if (revoked.length === 0) throw conflict(ALREADY_REVOKED);
}

/**
 * Account deletion (auth.service deleteAccount), in its transaction and before the user row goes: every
 * certificate is revoked and what it stated erased, so its page says 'Revoked' and shows nothing of the person.
 */
export async function revokeCertificatesOfDeletedAccount(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(certificates)
    .set({
      revokedAt: sql`coalesce(${certificates.revokedAt}, now())`,
      revokeReason: "account_deleted",
      snapshot: null,
      signature: null,
    })
    .where(eq(certificates.userId, userId));
}

// The signatures of a certificate (ADR 0039), shared by the server and the offline check: Ed25519 over the
// canonical JSON (RFC 8785, JCS) of the snapshot, so any reader that canonicalises the same object gets the same
// bytes; and Ed25519 over every byte of the PDF before its last line, so the visible text cannot change either.
import { type KeyObject, sign, verify } from "node:crypto";
import type { CertificateSnapshot } from "@shared/domain/certificates";
import canonicalize from "canonicalize";

export const SIGNATURE_ALGORITHM = "Ed25519" as const;

export function canonicalBytesOf(snapshot: CertificateSnapshot): Buffer {
  const text = canonicalize(snapshot);
  if (text === undefined) throw new Error("the snapshot has no canonical form");
  return Buffer.from(text, "utf8");
}

export function signSnapshot(snapshot: CertificateSnapshot, privateKey: KeyObject): string {
  return sign(null, canonicalBytesOf(snapshot), privateKey).toString("base64url");
}

export function snapshotSignatureValid(
  snapshot: CertificateSnapshot,
  signature: string,
  publicKey: KeyObject,
): boolean {
  try {
    return verify(null, canonicalBytesOf(snapshot), publicKey, Buffer.from(signature, "base64url"));
  } catch {
    return false;
  }
}

/** The signed record embedded in the PDF as the attachment `seva-certificate.json`. */
export interface SignedCertificateRecord {
  algorithm: typeof SIGNATURE_ALGORITHM;
  keyId: string;
  snapshot: CertificateSnapshot;
  signature: string;
}

export const ATTACHMENT_NAME = "seva-certificate.json";
/** The last line of a signed PDF: `%SEVA-SIGNATURE <keyId> <base64url signature of every byte before it>`. */
export const FILE_SIGNATURE_MARKER = "%SEVA-SIGNATURE";

export function appendFileSignature(pdf: Buffer, keyId: string, privateKey: KeyObject): Buffer {
  const signature = sign(null, pdf, privateKey).toString("base64url");
  return Buffer.concat([pdf, Buffer.from(`${FILE_SIGNATURE_MARKER} ${keyId} ${signature}\n`, "latin1")]);
}

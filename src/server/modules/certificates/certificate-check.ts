// The offline check of a downloaded certificate (npm run verify-certificate, ADR 0039): no server, no network,
// only the file and the public key. It checks the file's own signature (its last line), reads the signed record
// attached to it, checks the snapshot's signature, and that both name the key it was given.
import { verify } from "node:crypto";
import { inflateSync } from "node:zlib";
import type { PublicSigningKey } from "@server/lib/signing-key";
import { CertificateSnapshotSchema } from "@shared/contract/certificates";
import type { CertificateSnapshot } from "@shared/domain/certificates";
import { z } from "zod";
import {
  ATTACHMENT_NAME,
  FILE_SIGNATURE_MARKER,
  SIGNATURE_ALGORITHM,
  snapshotSignatureValid,
} from "./certificate-signature";

export type CertificateCheck =
  | { valid: true; snapshot: CertificateSnapshot; keyId: string }
  | { valid: false; reason: string; snapshot?: CertificateSnapshot };

const RecordSchema = z.object({
  algorithm: z.literal(SIGNATURE_ALGORITHM),
  keyId: z.string(),
  snapshot: CertificateSnapshotSchema,
  signature: z.string(),
});

/** Splits off the last line `%SEVA-SIGNATURE <keyId> <signature>`; the rest is what it signs. */
function splitFileSignature(file: Buffer): { body: Buffer; keyId: string; signature: string } | undefined {
  const end = file[file.length - 1] === 0x0a ? file.length - 1 : file.length;
  const start = file.lastIndexOf(0x0a, end - 1) + 1;
  const line = file.subarray(start, end).toString("latin1");
  const match = new RegExp(`^${FILE_SIGNATURE_MARKER} ([0-9a-f]{16}) ([A-Za-z0-9_-]+)$`).exec(line);
  if (!match?.[1] || !match[2]) return undefined;
  return { body: file.subarray(0, start), keyId: match[1], signature: match[2] };
}

/** The object `n 0 obj … endobj` of a PDF, as latin1 text, with its byte offset. */
function objectOf(pdf: string, id: number): { text: string; offset: number } | undefined {
  const match = new RegExp(`(?:^|[\\r\\n])${id} 0 obj\\b`).exec(pdf);
  if (!match) return undefined;
  const end = pdf.indexOf("endobj", match.index);
  if (end < 0) return undefined;
  return { text: pdf.slice(match.index, end), offset: match.index };
}

/** The bytes of the attachment named `seva-certificate.json`, found through its file specification. */
export function extractAttachment(pdf: Buffer, name = ATTACHMENT_NAME): Buffer | undefined {
  const text = pdf.toString("latin1");
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const spec = new RegExp(`/F \\(${escaped}\\)[\\s\\S]*?/EF\\s*<<\\s*/F (\\d+) 0 R`).exec(text);
  if (!spec?.[1]) return undefined;
  const object = objectOf(text, Number(spec[1]));
  if (!object?.text.includes("/Type /EmbeddedFile")) return undefined;
  const length = /\/Length (\d+)/.exec(object.text);
  const streamAt = /stream\r?\n/.exec(object.text);
  if (!length?.[1] || !streamAt) return undefined;
  const from = object.offset + streamAt.index + streamAt[0].length;
  const data = pdf.subarray(from, from + Number(length[1]));
  if (!object.text.includes("/FlateDecode")) return data;
  try {
    return inflateSync(data);
  } catch {
    return undefined;
  }
}

export function checkCertificateFile(file: Buffer, key: PublicSigningKey): CertificateCheck {
  const signed = splitFileSignature(file);
  if (!signed)
    return {
      valid: false,
      reason: "The file carries no Seva signature line: it is not a Seva certificate or was changed",
    };
  const attachment = extractAttachment(signed.body);
  let snapshot: CertificateSnapshot | undefined;
  let record: z.infer<typeof RecordSchema> | undefined;
  if (attachment) {
    try {
      const parsed = RecordSchema.safeParse(JSON.parse(attachment.toString("utf8")));
      if (parsed.success) {
        record = parsed.data;
        snapshot = record.snapshot;
      }
    } catch {
      // Reported below.
    }
  }
  const fail = (reason: string): CertificateCheck => ({
    valid: false,
    reason,
    ...(snapshot ? { snapshot } : {}),
  });
  if (signed.keyId !== key.keyId) {
    return fail(`The file is signed with key ${signed.keyId}, not with the key given (${key.keyId})`);
  }
  let fileSignatureValid = false;
  try {
    fileSignatureValid = verify(null, signed.body, key.publicKey, Buffer.from(signed.signature, "base64url"));
  } catch {
    fileSignatureValid = false;
  }
  if (!fileSignatureValid)
    return fail("The file's signature does not match: the file was changed after it was issued");
  if (!record || !snapshot) return fail(`The signed record (${ATTACHMENT_NAME}) is missing or unreadable`);
  if (record.keyId !== key.keyId) {
    return fail(`The record is signed with key ${record.keyId}, not with the key given (${key.keyId})`);
  }
  if (!snapshotSignatureValid(snapshot, record.signature, key.publicKey)) {
    return fail("The record's signature does not match what it states");
  }
  return { valid: true, snapshot, keyId: key.keyId };
}

/** What the certificate states, line by line, for the terminal. */
export function describeSnapshot(snapshot: CertificateSnapshot): string[] {
  const lines = [
    `Certificate ${snapshot.code}, issued ${snapshot.issuedAt} by ${snapshot.institution}`,
    `Holder: ${snapshot.holder.name}${snapshot.holder.programme ? ` (${snapshot.holder.programme})` : ""}`,
    `Total approved hours: ${snapshot.totalHours} (coins: ${snapshot.totalCoins})`,
    "Entries:",
  ];
  for (const entry of snapshot.entries) {
    const served =
      entry.servedFrom || entry.servedTo
        ? `${entry.servedFrom ?? "?"} to ${entry.servedTo ?? "?"}`
        : "dates not recorded";
    lines.push(
      `  - ${entry.title}: ${entry.hours} hours, ${entry.coins} coins, ${served}` +
        (entry.supervisorVerified ? ", supervisor-verified" : ""),
    );
  }
  lines.push(`Revocation is not checked offline: see ${snapshot.verifyUrl}`);
  return lines;
}

// The Ed25519 key that signs certificates (docs/product-rules.md §11, ADR 0039): read from CERTIFICATE_SIGNING_KEY
// (PKCS#8 PEM) or generated once beside the data, like the session secret. Its id is the first 16 hex characters
// of the SHA-256 of the raw 32-byte public key, so a certificate names the key that checks it.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const SIGNING_KEY_FILE = "certificate-signing-key.pem";

export interface PublicSigningKey {
  publicKey: KeyObject;
  keyId: string;
  /** SubjectPublicKeyInfo, PEM: what GET /api/certificates/public-key publishes. */
  publicKeyPem: string;
}

export interface SigningKey extends PublicSigningKey {
  privateKey: KeyObject;
}

/** The key's id: 16 hex characters of the SHA-256 of the raw public key. */
export function keyIdOf(publicKey: KeyObject): string {
  const raw = Buffer.from(String(publicKey.export({ format: "jwk" }).x), "base64url");
  return createHash("sha256").update(raw).digest("hex").slice(0, 16);
}

function publicPartOf(publicKey: KeyObject): PublicSigningKey {
  if (publicKey.asymmetricKeyType !== "ed25519") throw new Error("not an Ed25519 key");
  return {
    publicKey,
    keyId: keyIdOf(publicKey),
    publicKeyPem: String(publicKey.export({ type: "spki", format: "pem" })),
  };
}

/** A PEM as an environment variable may carry it: real line breaks, or `\n` written out. */
const unescapePem = (pem: string) => pem.replace(/\\n/g, "\n").trim();

/** Reads an Ed25519 private key (PKCS#8 PEM); throws a plain Error naming what is wrong. */
export function signingKeyFromPem(pem: string): SigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: unescapePem(pem), format: "pem" });
  } catch {
    throw new Error("not a private key in PEM (PKCS#8)");
  }
  if (privateKey.asymmetricKeyType !== "ed25519") {
    throw new Error(
      `an ${privateKey.asymmetricKeyType ?? "unknown"} key; certificates are signed with Ed25519`,
    );
  }
  return { privateKey, ...publicPartOf(createPublicKey(privateKey)) };
}

/** Reads the public part of a key given as a public key (SPKI PEM) or a private one (PKCS#8 PEM). */
export function publicKeyFromPem(pem: string): PublicSigningKey {
  const text = unescapePem(pem);
  if (text.includes("PRIVATE KEY")) return signingKeyFromPem(text);
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey({ key: text, format: "pem" });
  } catch {
    throw new Error("not a public key in PEM");
  }
  return publicPartOf(publicKey);
}

export function generateSigningKeyPem(): string {
  const { privateKey } = generateKeyPairSync("ed25519");
  return String(privateKey.export({ type: "pkcs8", format: "pem" }));
}

/** The local key file's path, and its PEM when it exists. */
export function readLocalSigningKey(dataDir: string): string | undefined {
  try {
    return readFileSync(path.join(dataDir, SIGNING_KEY_FILE), "utf8");
  } catch {
    return undefined;
  }
}

/**
 * The embedded default: a key generated on first start and kept in DATA_DIR (mode 0600). `wx` never overwrites,
 * so of two processes starting at once one writes and both read the same key.
 */
export function readOrCreateLocalSigningKey(dataDir: string): string {
  const existing = readLocalSigningKey(dataDir);
  if (existing !== undefined) return existing;
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(path.join(dataDir, SIGNING_KEY_FILE), generateSigningKeyPem(), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(path.join(dataDir, SIGNING_KEY_FILE), "utf8");
}

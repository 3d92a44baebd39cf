// npm run verify-certificate -- FILE [--public-key KEY.pem]: checks a downloaded certificate offline (ADR 0039).
// The key is the --public-key file (published at GET /api/certificates/public-key), else this install's own
// (CERTIFICATE_SIGNING_KEY, or the key generated in DATA_DIR). Exits 0 for a valid signature, 1 otherwise.
import { readFileSync } from "node:fs";
import path from "node:path";
import { type PublicSigningKey, publicKeyFromPem, readLocalSigningKey } from "@server/lib/signing-key";
import { checkCertificateFile, describeSnapshot } from "@server/modules/certificates/certificate-check";

const USAGE = "Usage: npm run verify-certificate -- FILE.pdf [--public-key KEY.pem]";

function localKey(): PublicSigningKey {
  const fromEnv = process.env.CERTIFICATE_SIGNING_KEY;
  if (fromEnv) return publicKeyFromPem(fromEnv);
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const pem = readLocalSigningKey(dataDir);
  if (!pem) {
    throw new Error(
      `No key: give --public-key KEY.pem, or set CERTIFICATE_SIGNING_KEY, or DATA_DIR to a folder with the key (${dataDir})`,
    );
  }
  return publicKeyFromPem(pem);
}

function run(args: string[]): number {
  let file: string | undefined;
  let keyFile: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === "--public-key") keyFile = args[++index];
    else if (arg?.startsWith("--public-key=")) keyFile = arg.slice("--public-key=".length);
    else if (file === undefined) file = arg;
    else throw new Error(USAGE);
  }
  if (!file || (args.includes("--public-key") && !keyFile)) throw new Error(USAGE);
  const key = keyFile ? publicKeyFromPem(readFileSync(keyFile, "utf8")) : localKey();
  const result = checkCertificateFile(readFileSync(file), key);
  if (result.snapshot) {
    // What a failing file claims is shown too, marked so: it helps to see what was changed.
    if (!result.valid) console.log("What the file claims (NOT verified):");
    for (const line of describeSnapshot(result.snapshot)) console.log(line);
  }
  if (result.valid) {
    console.log(`Valid signature (Ed25519, key ${result.keyId})`);
    return 0;
  }
  console.error(`INVALID: ${result.reason}`);
  return 1;
}

try {
  process.exit(run(process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

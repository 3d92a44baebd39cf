// Sign-ins begun at the provider and not yet back (ADR 0041). The row keeps the nonce and the PKCE verifier under
// the SHA-256 of the state, so the database never holds a state that could finish someone's sign-in; taking it
// deletes it, so a state is good once, and it is good for ten minutes.
import { createHash } from "node:crypto";
import type { Database } from "@server/db/client";
import { ssoSignIns } from "@server/db/schema";
import { and, eq, gt } from "drizzle-orm";
import type { SignInSecrets } from "./oidc-client";

/** How long a sign-in may take at the provider (the state cookie lives as long). */
export const SSO_SIGN_IN_TTL_MS = 10 * 60 * 1000;

function hashState(state: string): string {
  return createHash("sha256").update(state).digest("hex");
}

export async function rememberSignIn(db: Database, secrets: SignInSecrets): Promise<void> {
  await db.insert(ssoSignIns).values({
    stateHash: hashState(secrets.state),
    nonce: secrets.nonce,
    codeVerifier: secrets.codeVerifier,
    expiresAt: new Date(Date.now() + SSO_SIGN_IN_TTL_MS),
  });
}

/** The sign-in begun with this state, deleted as it is read; undefined when unknown, used or expired. */
export async function takeSignIn(db: Database, state: string): Promise<SignInSecrets | undefined> {
  const [row] = await db
    .delete(ssoSignIns)
    .where(and(eq(ssoSignIns.stateHash, hashState(state)), gt(ssoSignIns.expiresAt, new Date())))
    .returning({ nonce: ssoSignIns.nonce, codeVerifier: ssoSignIns.codeVerifier });
  return row ? { state, nonce: row.nonce, codeVerifier: row.codeVerifier } : undefined;
}

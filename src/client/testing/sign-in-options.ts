// What GET /api/auth/options answers in client tests: a server with passwords, and what a test changes.
import type { SignInOptions } from "@shared/contract/auth";

export function signInOptions(overrides: Partial<SignInOptions> = {}): SignInOptions {
  return {
    registration: "email",
    passwordReset: true,
    passwordLogin: true,
    sso: null,
    emailDomains: ["iimb.ac.in"],
    ...overrides,
  };
}

/** A stubServer `handle` that answers the options, and nothing else. */
export function answerOptions(options: SignInOptions) {
  return (url: string) => (url === "/api/auth/options" ? Response.json(options) : undefined);
}

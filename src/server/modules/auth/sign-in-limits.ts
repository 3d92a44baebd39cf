// The limits on guessing passwords (docs/product-rules.md §7, ADR 0016). They protect accounts without
// handing anyone a way to lock a person out: a guesser meets the limit of their own address on that account,
// a guesser spread over many addresses meets a much higher limit on the account, and a browser that has
// signed in to the account before (a known device) is counted on its own, so not even that one can keep its
// owner out. A campus behind one NAT address shares a ceiling far above one person's typos. Changing the
// password is limited per account.

import type { Database } from "@server/db/client";
import { RateLimiter, type RateLimitRule, takeEach } from "@server/db/rate-limiter";
import { normalizeEmail } from "@shared/domain/email";

export interface AuthRateLimits {
  /** Wrong passwords for one account from one address: the limit a guesser meets first. */
  loginFailuresPerEmailAndIp: RateLimitRule;
  /** Wrong passwords for one account from every address together: against guessing spread over many. */
  loginFailuresPerEmail: RateLimitRule;
  /** Wrong passwords from one address over every account: a campus NAT is one address for hundreds of people. */
  loginFailuresPerIp: RateLimitRule;
  /** Wrong passwords from a browser that signed in to this account before, instead of the three above. */
  loginFailuresPerKnownDevice: RateLimitRule;
  /** Wrong current passwords when changing the password, per account. */
  passwordChangeFailuresPerUser: RateLimitRule;
  registrationsPerIp: RateLimitRule;
  /**
   * Sign-ins begun with the institution's provider from one address: each writes a row and a cookie (counted by
   * sso/sso.routes.ts).
   */
  ssoSignInsPerIp: RateLimitRule;
  /** Password reset requests for one address, from anywhere: each sends mail to its owner. */
  resetRequestsPerEmail: RateLimitRule;
  /** Password reset requests from one address over every account. */
  resetRequestsPerIp: RateLimitRule;
}

const MINUTES = 60 * 1000;

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  loginFailuresPerEmailAndIp: { max: 5, windowMs: 15 * MINUTES },
  loginFailuresPerEmail: { max: 50, windowMs: 60 * MINUTES },
  loginFailuresPerIp: { max: 300, windowMs: 15 * MINUTES },
  loginFailuresPerKnownDevice: { max: 5, windowMs: 15 * MINUTES },
  passwordChangeFailuresPerUser: { max: 5, windowMs: 15 * MINUTES },
  registrationsPerIp: { max: 10, windowMs: 60 * MINUTES },
  // A campus NAT is one address for hundreds of people signing in around 9 o'clock.
  ssoSignInsPerIp: { max: 300, windowMs: 15 * MINUTES },
  resetRequestsPerEmail: { max: 5, windowMs: 60 * MINUTES },
  resetRequestsPerIp: { max: 30, windowMs: 60 * MINUTES },
};

/** Who is trying: the account named, the address as the trusted proxies report it, and a known device, if any. */
export interface SignInAttempt {
  email: string;
  ip: string;
  /** The known-device id from the browser's device cookie, only when that cookie was issued for this account. */
  device: string | undefined;
}

export class SignInLimits {
  private readonly perEmailAndIp: RateLimiter;
  private readonly perEmail: RateLimiter;
  private readonly perIp: RateLimiter;
  private readonly perDevice: RateLimiter;
  readonly passwordChanges: RateLimiter;
  readonly registrations: RateLimiter;
  private readonly resetsPerEmail: RateLimiter;
  private readonly resetsPerIp: RateLimiter;

  constructor(db: Database, limits: AuthRateLimits = DEFAULT_AUTH_RATE_LIMITS) {
    this.perEmailAndIp = new RateLimiter(
      db,
      "login-failures-per-email-and-ip",
      limits.loginFailuresPerEmailAndIp,
    );
    this.perEmail = new RateLimiter(db, "login-failures-per-email", limits.loginFailuresPerEmail);
    this.perIp = new RateLimiter(db, "login-failures-per-ip", limits.loginFailuresPerIp);
    this.perDevice = new RateLimiter(db, "login-failures-per-device", limits.loginFailuresPerKnownDevice);
    this.passwordChanges = new RateLimiter(
      db,
      "password-change-failures",
      limits.passwordChangeFailuresPerUser,
    );
    this.registrations = new RateLimiter(db, "registrations-per-ip", limits.registrationsPerIp);
    this.resetsPerEmail = new RateLimiter(db, "reset-requests-per-email", limits.resetRequestsPerEmail);
    this.resetsPerIp = new RateLimiter(db, "reset-requests-per-ip", limits.resetRequestsPerIp);
  }

  /** Counts a password reset request: 0 when it may go ahead, else the seconds to wait. */
  async resetRequests(email: string, ip: string): Promise<number> {
    return takeEach([
      [this.resetsPerEmail, normalizeEmail(email)],
      [this.resetsPerIp, ip],
    ]);
  }

  /**
   * Counts the attempt as a failure before its password is checked (the check takes time, and attempts counted
   * only afterwards would all find room when they arrive together): 0 when it may go ahead, else the seconds to
   * wait. The most specific limit comes first, so a refused attempt uses up nothing of the wider ones.
   */
  async begin(attempt: SignInAttempt): Promise<number> {
    return takeEach(this.countsOf(attempt));
  }

  /** The password was right: that attempt was no failure, and the account's own address starts afresh. */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    const [first, ...wider] = this.countsOf(attempt);
    if (first) await first[0].reset(first[1]);
    await Promise.all(wider.map(([limiter, value]) => limiter.release(value)));
  }

  private countsOf({ email, ip, device }: SignInAttempt): [RateLimiter, string][] {
    const account = normalizeEmail(email);
    if (device !== undefined) return [[this.perDevice, `${account}\0${device}`]];
    return [
      [this.perEmailAndIp, `${account}\0${ip}`],
      [this.perIp, ip],
      [this.perEmail, account],
    ];
  }
}

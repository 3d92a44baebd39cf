// Configuration read from the environment and validated once at boot: the process refuses to start with a
// clear message rather than run half-configured.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { REGISTRATION_MODES, type RegistrationMode } from "@shared/contract/auth";
import { SSO_CALLBACK_PATH } from "@shared/domain/sso";
import { z } from "zod";
import { DEFAULT_READ_CACHE_BYTES } from "./http/response-cache";
import { readOrCreateLocalSigningKey, type SigningKey, signingKeyFromPem } from "./lib/signing-key";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), with a host. */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

// One mailbox: "Name <address>" or a bare address. Line breaks, quotes, commas and semicolons are refused, so the
// value can never smuggle in a second header or a second sender.
const MAILBOX = /^(?:[^<>",;\r\n]*<([^<>\s]+)>|([^<>\s",;]+))$/;

function isMailbox(value: string): boolean {
  const match = MAILBOX.exec(value);
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && z.email().safeParse(address).success;
}

/** The proxies whose X-Forwarded-For is believed: none, the nearest n hops, or these addresses and subnets. */
export type TrustedProxies = false | number | string[];

/** proxy-addr's names for the reserved ranges: 127.0.0.1/8 and ::1, 169.254.0.0/16 and fe80::/10, private ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a subnet (address/prefix) or a range name; never an IPv4-mapped IPv6 subnet (see below). */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // proxy-addr has trusted every address for an IPv4-mapped subnet with a short prefix (CVE-2026-90711): such a
  // subnet is written in its IPv4 form instead.
  if (family === 6 && /^::ffff:/i.test(address)) return false;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const TRUST_EVERY_HOP =
  "true would trust every X-Forwarded-For hop, so any client could choose its own address: name the proxies " +
  "(e.g. TRUST_PROXY=127.0.0.1 or 10.0.0.0/8, comma-separated) or give how many proxies stand in front (e.g. 1)";

/**
 * TRUST_PROXY: false (the default), a hop count, or a comma-separated list of proxy addresses and subnets.
 * Never "every hop" (docs/product-rules.md §7): with it a client picks its own address by writing
 * X-Forwarded-For, and every limit counted per address falls.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .default("false")
  .transform((value, context): TrustedProxies => {
    const lowered = value.toLowerCase();
    if (lowered === "true" || lowered === "yes") {
      context.addIssue({ code: "custom", message: TRUST_EVERY_HOP });
      return false;
    }
    if (lowered === "" || lowered === "false" || lowered === "no" || lowered === "0") return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) context.addIssue({ code: "custom", message: "a hop count must be between 0 and 10" });
      return hops;
    }
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const refused = entries.filter((entry) => !isProxyEntry(entry));
    if (refused.length > 0 || entries.length === 0) {
      context.addIssue({
        code: "custom",
        message:
          `not a proxy address, subnet or hop count: ${refused.join(", ") || value}. ` +
          "Use addresses or subnets (127.0.0.1, 10.0.0.0/8, fd00::/8, loopback), or a hop count (1)",
      });
    }
    return entries;
  });

/** https, or http on a loopback host (a provider started by the tests); no query or fragment. */
function isIssuerUrl(value: string): boolean {
  try {
    const url = new URL(value);
    const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
    return (
      (url.protocol === "https:" || (url.protocol === "http:" && loopback)) &&
      url.username === "" &&
      url.password === "" &&
      url.search === "" &&
      url.hash === ""
    );
  } catch {
    return false;
  }
}

/** An http(s) origin: scheme, host and port, nothing after (mail links append the app's paths to it). */
function isPublicOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      url.username === "" &&
      url.password === "" &&
      (url.pathname === "/" || url.pathname === "") &&
      url.search === "" &&
      url.hash === ""
    );
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().min(1).default("./data"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ALLOWED_EMAIL_DOMAINS: z
    .string()
    .default("iimb.ac.in")
    .transform((value) =>
      value
        .split(",")
        .map((domain) => domain.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, "each domain must look like example.ac.in"))
        .min(1, "list at least one domain"),
    ),
  SEED_DEMO: booleanFromEnv.optional(),
  READ_CACHE: booleanFromEnv.optional(),
  // Both bound memory; their defaults are smaller on the embedded database, which aims at 300 MB (ADR 0044).
  READ_CACHE_MAX_MB: z.coerce.number().int().min(1, "at least 1").max(4096).optional(),
  PASSWORD_HASHES_AT_ONCE: z.coerce.number().int().min(1, "at least 1").max(64).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1, "at least 1").max(200).optional(),
  V8_OPTIMIZE_FOR_SIZE: booleanFromEnv.optional(),
  TRUST_PROXY: TrustProxySchema,
  TERM_START_MONTHS: z
    .string()
    .default("1,7")
    .transform((value) => value.split(",").map((month) => Number(month.trim())))
    .pipe(z.array(z.number().int().min(1).max(12)).min(1)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // The messages name neither value: a refused SMTP_URL may hold the mail server's password.
  SMTP_URL: z
    .string()
    .refine(
      isSmtpUrl,
      "must be an smtp:// or smtps:// URL with a host, e.g. smtp://user:pass@mail.example.ac.in:587",
    )
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .trim()
    .refine(isMailbox, 'must be one address, e.g. "Seva <no-reply@iimb.ac.in>" or no-reply@iimb.ac.in')
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PUBLIC_URL: z
    .string()
    .trim()
    .refine(isPublicOrigin, "must be the app's origin as people reach it, e.g. https://seva.iimb.ac.in")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // How registration proves who owns an address (docs/product-rules.md §9, ADR 0033); derived when unset.
  REGISTRATION: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(REGISTRATION_MODES, { error: `must be one of ${REGISTRATION_MODES.join(", ")}` }).optional(),
  ),
  // Shown in the sender's name and in every e-mail: quoted there, so it may hold commas but no quotes.
  INSTITUTION_NAME: z
    .string()
    .trim()
    .min(1)
    .max(100, "at most 100 characters")
    .regex(/^[^"\\\r\n<>]+$/, "a name without quotes, backslashes, angle brackets or line breaks")
    .default("IIM Bangalore"),
  // The institution's sign-in (OpenID Connect, docs/product-rules.md §13, ADR 0041): all three or none.
  OIDC_ISSUER: z
    .string()
    .trim()
    .refine(
      isIssuerUrl,
      "must be the provider's issuer URL over https (http only on this machine's loopback, for tests), e.g. https://login.microsoftonline.com/<tenant>/v2.0",
    )
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // min(1): an empty value, as an environment file leaves it, is unset (the branch below), not an empty id.
  OIDC_CLIENT_ID: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  OIDC_CLIENT_SECRET: z
    .string()
    .min(1)
    .max(2000)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Shown as 'Sign in with <name>': "Microsoft", "Google", or the school's own name.
  OIDC_DISPLAY_NAME: z
    .string()
    .trim()
    .max(40, "at most 40 characters")
    .regex(/^[^"\\\r\n<>]+$/, "a name without quotes, backslashes, angle brackets or line breaks")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // A group whose members sign in as administrators, and the ID-token claim that lists groups.
  OIDC_ADMIN_GROUP: z
    .string()
    .trim()
    .max(200)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  OIDC_GROUPS_CLAIM: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_:./-]{1,100}$/, "a claim name such as groups or roles")
    .default("groups"),
  PASSWORD_LOGIN: booleanFromEnv.optional(),
  // The embedded demo's own identity provider under /demo-sign-in (ADR 0041, "Demo provider"); on by default there.
  DEMO_SIGN_IN: booleanFromEnv.optional(),
  // Ed25519, PKCS#8 PEM (line breaks may be written as \n); generated in DATA_DIR when unset (ADR 0039).
  CERTIFICATE_SIGNING_KEY: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export interface Config {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  allowedEmailDomains: string[];
  seedDemo: boolean;
  /** Keep reads in memory until the database announces a change (off: every read queries; for measuring). */
  readCache: boolean;
  /** What the read cache may hold, in bytes (READ_CACHE_MAX_MB: 64 on PostgreSQL, smaller embedded). */
  readCacheMaxBytes: number;
  /**
   * Argon2 hashes and verifications run at once, 19 MB of native memory each (PASSWORD_HASHES_AT_ONCE: 4 on
   * PostgreSQL, libuv's pool size, so no limit there in effect; 1 on the embedded database); the rest queue.
   */
  passwordHashesAtOnce: number;
  /**
   * Connections to PostgreSQL, so statements the database runs at once (DATABASE_POOL_SIZE: by default two per
   * core of this machine); the rest wait in the pool (ADR 0068, 0070). Unused on the embedded database.
   */
  databasePoolSize: number;
  /**
   * V8 grows its heap less between collections (V8_OPTIMIZE_FOR_SIZE: on by default on the embedded database,
   * off on PostgreSQL): under load it let garbage reach ≈ 4× the live heap (ADR 0044, third pass).
   */
  v8OptimizeForSize: boolean;
  /** Whose X-Forwarded-For to believe (TRUST_PROXY): never every hop. */
  trustProxy: TrustedProxies;
  termStartMonths: number[];
  logLevel: string;
  /** The origin people reach the app at (PUBLIC_URL): mail links are absolute, built on it. No trailing slash. */
  publicUrl: string;
  /** The institution named in the sender and in every e-mail (INSTITUTION_NAME). */
  institutionName: string;
  /** Outgoing mail; set exactly when SMTP_URL is. Registration then e-mails the temporary password. */
  mail: MailConfig | undefined;
  /**
   * How registration proves the address (REGISTRATION): `email` with mail, `unverified` (password shown on screen)
   * on the embedded database or as PostgreSQL's explicit opt-in, otherwise `closed` (ADR 0033).
   */
  registration: RegistrationMode;
  /** Signs certificates (CERTIFICATE_SIGNING_KEY, or generated in DATA_DIR): never log it. */
  certificateKey: SigningKey;
  /** The institution's sign-in (OIDC_*), when configured (ADR 0041). */
  sso: SsoConfig | undefined;
  /**
   * Passwords sign people in (PASSWORD_LOGIN, default true). When false only the institution's sign-in does,
   * and the break-glass accounts made by `create-admin` (docs/product-rules.md §13).
   */
  passwordLogin: boolean;
  /**
   * The demo's identity provider is mounted at /demo-sign-in and `sso` points at it: only on the seeded embedded
   * demo outside production with no OIDC_* configured, unless DEMO_SIGN_IN=false (ADR 0041, "Demo provider").
   */
  demoSignIn: boolean;
}

export interface SsoConfig {
  /** The issuer URL exactly as the provider names itself (its discovery document is under it). */
  issuer: string;
  clientId: string;
  /** Never log it. */
  clientSecret: string;
  /** 'Sign in with <displayName>'. */
  displayName: string;
  /** Members of this group (in `groupsClaim` of the ID token) sign in as administrators; else everyone is a student. */
  adminGroup: string | undefined;
  groupsClaim: string;
  /** Where the provider sends people back: PUBLIC_URL + /api/auth/sso/callback, registered with the provider. */
  redirectUri: string;
}

export interface MailConfig {
  /** Holds the mail server's password: never log it (see smtpServerLabel in mail/mailer.ts). */
  smtpUrl: string;
  from: string;
}

export class ConfigError extends Error {}

const MB = 1024 * 1024;
/** The embedded database aims at 300 MB resident in all (ADR 0044): a smaller read cache, measured there. */
const EMBEDDED_READ_CACHE_MB = 16;
/** libuv runs four native tasks at once: the limit an ungated process has anyway. */
const PASSWORD_HASHES_AT_ONCE = 4;
/** One argon2 at a time on the embedded database: a burst of sign-ins queues instead of adding 19 MB each. */
const EMBEDDED_PASSWORD_HASHES_AT_ONCE = 1;

/**
 * Two connections per core (ADR 0070, refining 0068). PostgreSQL runs each connection's statement on a core, and
 * more connections than that only queue on the cores and on each other's row locks (ADR 0068: 10 on 2 cores cost
 * a write a quarter to a third more of the database's CPU). But a decision holds its connection between its
 * statements while this process does its part, so with one connection per core the cores were not full: 4
 * connections against 2 on the 2-core machine ran approvals a fifth faster at scale 1 and half again as fast at
 * scale 10, at the same CPU per write. The default assumes the database shares this machine, as on one server.
 */
const defaultPoolSize = () => 2 * availableParallelism();

/** Reads and validates the environment. Throws ConfigError with one line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  let sessionSecret = values.SESSION_SECRET;
  if (!sessionSecret) {
    if (values.DATABASE_URL || values.NODE_ENV === "production") {
      throw new ConfigError(
        "Invalid configuration:\n  SESSION_SECRET: required with DATABASE_URL or in production (at least 32 characters)",
      );
    }
    sessionSecret = readOrCreateLocalSecret(dataDir);
  }
  if (values.MAIL_FROM && !values.SMTP_URL) {
    // Without SMTP_URL nothing is e-mailed and registration shows the password on screen: refuse to run that
    // way when the operator evidently meant to send mail.
    throw new ConfigError(
      "Invalid configuration:\n  MAIL_FROM: set SMTP_URL too; mail is sent only when SMTP_URL is set",
    );
  }
  const certificateKey = certificateKeyOf(values.CERTIFICATE_SIGNING_KEY, values.NODE_ENV, dataDir);
  const publicUrl = new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).origin;
  const seedDemo = values.SEED_DEMO ?? !values.DATABASE_URL;
  const configuredSso = ssoOf(values, publicUrl);
  // The demo's provider stands in for the institution's only where nothing real could be mistaken for it.
  const demoSignIn =
    (values.DEMO_SIGN_IN ?? true) &&
    seedDemo &&
    !values.DATABASE_URL &&
    values.NODE_ENV !== "production" &&
    configuredSso === undefined;
  const sso = demoSignIn ? demoSsoOf(publicUrl) : configuredSso;
  const passwordLogin = values.PASSWORD_LOGIN ?? true;
  if (!passwordLogin && !sso) {
    throw new ConfigError(
      "Invalid configuration:\n  PASSWORD_LOGIN: false needs the institution's sign-in (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET), or nobody could sign in",
    );
  }
  // Without passwords a new account comes only from the institution's sign-in.
  const registration = passwordLogin
    ? registrationModeOf(values.REGISTRATION, Boolean(values.SMTP_URL), values.DATABASE_URL)
    : "closed";
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    sessionSecret,
    allowedEmailDomains: values.ALLOWED_EMAIL_DOMAINS,
    // Demo accounts have published passwords: seeded by default only on the embedded database.
    seedDemo,
    readCache: values.READ_CACHE ?? true,
    readCacheMaxBytes:
      values.READ_CACHE_MAX_MB !== undefined
        ? values.READ_CACHE_MAX_MB * MB
        : values.DATABASE_URL
          ? DEFAULT_READ_CACHE_BYTES
          : EMBEDDED_READ_CACHE_MB * MB,
    passwordHashesAtOnce:
      values.PASSWORD_HASHES_AT_ONCE ??
      (values.DATABASE_URL ? PASSWORD_HASHES_AT_ONCE : EMBEDDED_PASSWORD_HASHES_AT_ONCE),
    databasePoolSize: values.DATABASE_POOL_SIZE ?? defaultPoolSize(),
    v8OptimizeForSize: values.V8_OPTIMIZE_FOR_SIZE ?? !values.DATABASE_URL,
    trustProxy: values.TRUST_PROXY,
    termStartMonths: values.TERM_START_MONTHS,
    logLevel: values.LOG_LEVEL,
    publicUrl,
    institutionName: values.INSTITUTION_NAME,
    mail: values.SMTP_URL
      ? {
          smtpUrl: values.SMTP_URL,
          from: senderOf(values.MAIL_FROM, values.ALLOWED_EMAIL_DOMAINS[0], values.INSTITUTION_NAME),
        }
      : undefined,
    registration,
    certificateKey,
    sso,
    passwordLogin,
    demoSignIn,
  };
}

/** Where the demo's identity provider is mounted, inside Seva's own server (demo/demo-identity-provider.ts). */
export const DEMO_SIGN_IN_PATH = "/demo-sign-in";
export const DEMO_SIGN_IN_CLIENT_ID = "seva-demo";
export const DEMO_SIGN_IN_DISPLAY_NAME = "IIM Bangalore (demo)";

/** The sign-in configuration aimed at the demo's provider: its client secret is new at every boot. */
export function demoSsoOf(publicUrl: string): SsoConfig {
  return {
    issuer: `${publicUrl}${DEMO_SIGN_IN_PATH}`,
    clientId: DEMO_SIGN_IN_CLIENT_ID,
    clientSecret: randomBytes(32).toString("base64url"),
    displayName: DEMO_SIGN_IN_DISPLAY_NAME,
    adminGroup: undefined,
    groupsClaim: "groups",
    redirectUri: `${publicUrl}${SSO_CALLBACK_PATH}`,
  };
}

/** The institution's sign-in: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none of them. */
function ssoOf(values: z.infer<typeof EnvSchema>, publicUrl: string): SsoConfig | undefined {
  const required = {
    OIDC_ISSUER: values.OIDC_ISSUER,
    OIDC_CLIENT_ID: values.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: values.OIDC_CLIENT_SECRET,
  };
  const missing = Object.entries(required).filter(([, value]) => value === undefined);
  if (missing.length === 3) {
    if (values.OIDC_ADMIN_GROUP || values.OIDC_DISPLAY_NAME) {
      throw new ConfigError(
        "Invalid configuration:\n  OIDC_ISSUER: OIDC_DISPLAY_NAME and OIDC_ADMIN_GROUP need OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET",
      );
    }
    return undefined;
  }
  if (missing.length > 0) {
    const lines = missing.map(
      ([name]) => `  ${name}: required with the other OIDC_ settings (the institution's sign-in)`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (values.NODE_ENV === "production" && !values.PUBLIC_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  PUBLIC_URL: required with OIDC_ISSUER in production (the provider sends people back to PUBLIC_URL/api/auth/sso/callback)",
    );
  }
  return {
    issuer: values.OIDC_ISSUER as string,
    clientId: values.OIDC_CLIENT_ID as string,
    clientSecret: values.OIDC_CLIENT_SECRET as string,
    displayName: values.OIDC_DISPLAY_NAME ?? values.INSTITUTION_NAME,
    adminGroup: values.OIDC_ADMIN_GROUP,
    groupsClaim: values.OIDC_GROUPS_CLAIM,
    redirectUri: `${publicUrl}${SSO_CALLBACK_PATH}`,
  };
}

/** CERTIFICATE_SIGNING_KEY, checked; else the key kept in DATA_DIR, made on first start (not in production). */
function certificateKeyOf(pem: string | undefined, nodeEnv: string, dataDir: string): SigningKey {
  if (pem === undefined && nodeEnv === "production") {
    throw new ConfigError(
      "Invalid configuration:\n  CERTIFICATE_SIGNING_KEY: required in production (an Ed25519 private key, PKCS#8 PEM: " +
        "openssl genpkey -algorithm ed25519)",
    );
  }
  try {
    return signingKeyFromPem(pem ?? readOrCreateLocalSigningKey(dataDir));
  } catch (error) {
    const source = pem === undefined ? `the key file in ${dataDir}` : "CERTIFICATE_SIGNING_KEY";
    throw new ConfigError(`Invalid configuration:\n  ${source}: ${(error as Error).message}`);
  }
}

/**
 * With mail, registration e-mails the password and answers alike for taken and free addresses; without it the
 * password can only be shown on screen, which proves nothing about the address: the embedded demo does so, while
 * a PostgreSQL deployment must choose it (REGISTRATION=unverified) or stays closed (docs/product-rules.md §9).
 */
function registrationModeOf(
  chosen: RegistrationMode | undefined,
  mailConfigured: boolean,
  databaseUrl: string | undefined,
): RegistrationMode {
  if (chosen === "unverified" && mailConfigured) {
    throw new ConfigError(
      "Invalid configuration:\n  REGISTRATION: unverified shows passwords on screen; with SMTP_URL set, registration e-mails them. Unset one of the two",
    );
  }
  if (chosen === "email" && !mailConfigured) {
    throw new ConfigError(
      "Invalid configuration:\n  REGISTRATION: email needs SMTP_URL (a mail server to send it)",
    );
  }
  if (chosen) return chosen;
  if (mailConfigured) return "email";
  return databaseUrl ? "closed" : "unverified";
}

/**
 * The sender: MAIL_FROM as written when it names its sender ("Name <address>"); otherwise its bare address, or
 * no-reply@ the first allowed domain (the relay most likely accepts the school's own domain), under the name
 * "Seva · <institution>", so a recipient sees both the product and the school (ADR 0031).
 */
function senderOf(
  mailFrom: string | undefined,
  firstDomain: string | undefined,
  institution: string,
): string {
  if (mailFrom?.includes("<")) return mailFrom;
  return `"Seva · ${institution}" <${mailFrom ?? `no-reply@${firstDomain}`}>`;
}

/** The embedded default keeps a generated secret beside its data, so sessions survive restarts. */
function readOrCreateLocalSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

// Configuration read from the environment and validated once at boot: the process refuses to start with a
// clear message rather than run half-configured.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

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
  TRUST_PROXY: booleanFromEnv.default(false),
  TERM_START_MONTHS: z
    .string()
    .default("1,7")
    .transform((value) => value.split(",").map((month) => Number(month.trim())))
    .pipe(z.array(z.number().int().min(1).max(12)).min(1)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
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
  trustProxy: boolean;
  termStartMonths: number[];
  logLevel: string;
}

export class ConfigError extends Error {}

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
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    sessionSecret,
    allowedEmailDomains: values.ALLOWED_EMAIL_DOMAINS,
    // Demo accounts have published passwords: seeded by default only on the embedded database.
    seedDemo: values.SEED_DEMO ?? !values.DATABASE_URL,
    readCache: values.READ_CACHE ?? true,
    trustProxy: values.TRUST_PROXY,
    termStartMonths: values.TERM_START_MONTHS,
    logLevel: values.LOG_LEVEL,
  };
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

import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "seva-config-"));

describe("loadConfig", () => {
  it("applies the defaults of the embedded setup and keeps one generated session secret", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      trustProxy: false,
      allowedEmailDomains: ["iimb.ac.in"],
      termStartMonths: [1, 7],
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  it("requires SESSION_SECRET with PostgreSQL and does not seed the demo there by default", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://localhost/x" })).toThrow(/SESSION_SECRET: required/);
    const config = loadConfig({ DATABASE_URL: "postgres://localhost/x", SESSION_SECRET: "s".repeat(32) });
    expect(config.seedDemo).toBe(false);
    expect(
      loadConfig({
        DATABASE_URL: "postgres://localhost/x",
        SESSION_SECRET: "s".repeat(32),
        SEED_DEMO: "true",
      }).seedDemo,
    ).toBe(true);
  });

  it("refuses bad values with one clear line each", () => {
    try {
      loadConfig({
        PORT: "eighty",
        ALLOWED_EMAIL_DOMAINS: "not a domain",
        SEED_DEMO: "maybe",
        DATA_DIR: tempDir(),
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/ALLOWED_EMAIL_DOMAINS/);
      expect(message).toMatch(/SEED_DEMO: must be true or false/);
    }
  });

  it("normalises the allowed domains", () => {
    const config = loadConfig({ ALLOWED_EMAIL_DOMAINS: " IIMB.ac.in , iimb.ernet.in ", DATA_DIR: tempDir() });
    expect(config.allowedEmailDomains).toEqual(["iimb.ac.in", "iimb.ernet.in"]);
  });
});

import { generateKeyPairSync } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { tempFolders } from "@test/temp-folders";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const tempDir = tempFolders("seva-config-");

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

  it("bounds the read cache and concurrent password hashes more tightly on the embedded database", () => {
    const MB = 1024 * 1024;
    const postgres = { DATABASE_URL: "postgres://localhost/x", SESSION_SECRET: "s".repeat(32) };
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      readCacheMaxBytes: 16 * MB,
      passwordHashesAtOnce: 1,
      v8OptimizeForSize: true,
    });
    expect(loadConfig(postgres)).toMatchObject({
      readCacheMaxBytes: 64 * MB,
      passwordHashesAtOnce: 4,
      v8OptimizeForSize: false,
    });
    expect(loadConfig({ DATA_DIR: tempDir(), V8_OPTIMIZE_FOR_SIZE: "false" }).v8OptimizeForSize).toBe(false);
    expect(
      loadConfig({ DATA_DIR: tempDir(), READ_CACHE_MAX_MB: "40", PASSWORD_HASHES_AT_ONCE: "2" }),
    ).toMatchObject({ readCacheMaxBytes: 40 * MB, passwordHashesAtOnce: 2 });
    expect(loadConfig({ ...postgres, READ_CACHE_MAX_MB: "8" }).readCacheMaxBytes).toBe(8 * MB);
    expect(() => loadConfig({ DATA_DIR: tempDir(), READ_CACHE_MAX_MB: "0" })).toThrow(/READ_CACHE_MAX_MB/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PASSWORD_HASHES_AT_ONCE: "many" })).toThrow(
      /PASSWORD_HASHES_AT_ONCE/,
    );
  });

  it("opens two PostgreSQL connections per core of the machine unless DATABASE_POOL_SIZE says", () => {
    const postgres = { DATABASE_URL: "postgres://localhost/x", SESSION_SECRET: "s".repeat(32) };
    expect(loadConfig(postgres).databasePoolSize).toBe(2 * availableParallelism());
    expect(loadConfig({ ...postgres, DATABASE_POOL_SIZE: "6" }).databasePoolSize).toBe(6);
    expect(() => loadConfig({ ...postgres, DATABASE_POOL_SIZE: "0" })).toThrow(
      /DATABASE_POOL_SIZE: at least 1/,
    );
    expect(() => loadConfig({ ...postgres, DATABASE_POOL_SIZE: "some" })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it("trusts only the proxies TRUST_PROXY names, and refuses to trust every hop", () => {
    const dataDir = tempDir();
    const trusted = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    expect(trusted("false")).toBe(false);
    expect(trusted("0")).toBe(false);
    expect(trusted("1")).toBe(1);
    expect(trusted("2")).toBe(2);
    expect(trusted(" 127.0.0.1, 10.0.0.0/8 ,fd00::/8, loopback")).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "fd00::/8",
      "loopback",
    ]);
    for (const everyHop of ["true", "TRUE", "yes"]) {
      expect(() => trusted(everyHop)).toThrow(/TRUST_PROXY: true would trust every X-Forwarded-For hop/);
    }
    for (const wrong of ["10.0.0.0/33", "proxy.example.com", "10.0.0.1/8/1", "::ffff:0.0.0.0/1", "11", ","]) {
      expect(() => trusted(wrong), wrong).toThrow(/TRUST_PROXY: /);
    }
  });

  it("normalises the allowed domains", () => {
    const config = loadConfig({ ALLOWED_EMAIL_DOMAINS: " IIMB.ac.in , iimb.ernet.in ", DATA_DIR: tempDir() });
    expect(config.allowedEmailDomains).toEqual(["iimb.ac.in", "iimb.ernet.in"]);
  });

  it("configures outgoing mail exactly when SMTP_URL is set, sending from the first domain by default", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).mail).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: "" }).mail).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SMTP_URL: "smtp://seva:s3cret@mail.iimb.ac.in:587",
        ALLOWED_EMAIL_DOMAINS: "iimb.ernet.in,iimb.ac.in",
      }).mail,
    ).toEqual({
      smtpUrl: "smtp://seva:s3cret@mail.iimb.ac.in:587",
      from: '"Seva · IIM Bangalore" <no-reply@iimb.ernet.in>',
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SMTP_URL: "smtps://mail.iimb.ac.in",
        MAIL_FROM: " Seva Office <seva@iimb.ac.in> ",
      }).mail,
    ).toEqual({ smtpUrl: "smtps://mail.iimb.ac.in", from: "Seva Office <seva@iimb.ac.in>" });
    expect(
      loadConfig({ DATA_DIR: dataDir, SMTP_URL: "smtps://mail.iimb.ac.in", MAIL_FROM: "seva@iimb.ac.in" })
        .mail?.from,
    ).toBe('"Seva · IIM Bangalore" <seva@iimb.ac.in>');
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SMTP_URL: "smtps://mail.iimb.ac.in",
        INSTITUTION_NAME: "University of California, Berkeley",
      }).mail?.from,
    ).toBe('"Seva · University of California, Berkeley" <no-reply@iimb.ac.in>');
  });

  it("builds mail links on PUBLIC_URL (default the local port) and names the institution", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      publicUrl: "http://localhost:3000",
      institutionName: "IIM Bangalore",
    });
    expect(loadConfig({ DATA_DIR: dataDir, PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        PUBLIC_URL: "https://seva.iimb.ac.in/",
        INSTITUTION_NAME: " IIM Kozhikode ",
      }),
    ).toMatchObject({ publicUrl: "https://seva.iimb.ac.in", institutionName: "IIM Kozhikode" });
    for (const PUBLIC_URL of [
      "seva.iimb.ac.in",
      "ftp://seva.iimb.ac.in",
      "https://seva.iimb.ac.in/app",
      "https://a:b@x.in",
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL })).toThrow(
        /PUBLIC_URL: must be the app's origin/,
      );
    }
    for (const INSTITUTION_NAME of ['IIM "B"', "IIM\r\nBcc: x@y.z", "<IIM>", "x".repeat(101)]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, INSTITUTION_NAME })).toThrow(/INSTITUTION_NAME/);
    }
  });

  it("refuses a bad SMTP_URL without repeating it, since it may hold the mail server's password", () => {
    for (const SMTP_URL of [
      "http://seva:hunter2-secret@mail.iimb.ac.in",
      "mail.iimb.ac.in:587",
      "smtp://",
      "smtp:hunter2-secret",
    ]) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), SMTP_URL })).toThrow(
        /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL with a host/,
      );
      expect(() => loadConfig({ DATA_DIR: tempDir(), SMTP_URL })).not.toThrow(/hunter2/);
    }
  });

  it("refuses a MAIL_FROM that is not one address, or that comes without SMTP_URL", () => {
    const smtp = { DATA_DIR: tempDir(), SMTP_URL: "smtp://mail.iimb.ac.in" };
    for (const MAIL_FROM of [
      "Seva",
      "Seva <>",
      "a@iimb.ac.in, b@iimb.ac.in",
      "Seva <no-reply@iimb.ac.in>\r\nBcc: someone@example.com",
    ]) {
      expect(() => loadConfig({ ...smtp, MAIL_FROM })).toThrow(/MAIL_FROM: must be one address/);
    }
    expect(() => loadConfig({ DATA_DIR: tempDir(), MAIL_FROM: "seva@iimb.ac.in" })).toThrow(
      /MAIL_FROM: set SMTP_URL too/,
    );
  });

  it("registers by e-mail with mail, shows the password on the embedded database, and is closed otherwise", () => {
    const postgres = { DATABASE_URL: "postgres://seva@db/seva", SESSION_SECRET: "s".repeat(32) };
    const smtp = { SMTP_URL: "smtp://mail.iimb.ac.in" };
    expect(loadConfig({ DATA_DIR: tempDir() }).registration).toBe("unverified");
    expect(loadConfig({ DATA_DIR: tempDir(), ...smtp }).registration).toBe("email");
    expect(loadConfig({ ...postgres, ...smtp }).registration).toBe("email");
    expect(loadConfig(postgres).registration).toBe("closed");
    expect(loadConfig({ ...postgres, REGISTRATION: "unverified" }).registration).toBe("unverified");
    expect(loadConfig({ ...postgres, ...smtp, REGISTRATION: "closed" }).registration).toBe("closed");
  });

  it("refuses REGISTRATION values that contradict the mail configuration", () => {
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), SMTP_URL: "smtp://mail.iimb.ac.in", REGISTRATION: "unverified" }),
    ).toThrow(/REGISTRATION: unverified shows passwords on screen/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), REGISTRATION: "email" })).toThrow(
      /REGISTRATION: email needs SMTP_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), REGISTRATION: "open" })).toThrow(
      /REGISTRATION: must be one of email, unverified, closed/,
    );
  });

  it("generates the certificate signing key once beside the data, or takes CERTIFICATE_SIGNING_KEY", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, "certificate-signing-key.pem");
    expect(readFileSync(file, "utf8")).toContain("BEGIN PRIVATE KEY");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(config.certificateKey.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(loadConfig({ DATA_DIR: dataDir }).certificateKey.keyId).toBe(config.certificateKey.keyId);

    const pem = String(generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }));
    const given = loadConfig({ DATA_DIR: tempDir(), CERTIFICATE_SIGNING_KEY: pem });
    expect(given.certificateKey.keyId).not.toBe(config.certificateKey.keyId);
    // Written on one line with \n, as an environment file may hold it.
    const oneLine = loadConfig({ DATA_DIR: tempDir(), CERTIFICATE_SIGNING_KEY: pem.replace(/\n/g, "\\n") });
    expect(oneLine.certificateKey.keyId).toBe(given.certificateKey.keyId);
  });

  it("refuses a certificate key that is not Ed25519, and requires one in production", () => {
    const rsa = String(
      generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ type: "pkcs8", format: "pem" }),
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), CERTIFICATE_SIGNING_KEY: rsa })).toThrow(
      /CERTIFICATE_SIGNING_KEY: an rsa key; certificates are signed with Ed25519/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), CERTIFICATE_SIGNING_KEY: "not a key" })).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: "production", SESSION_SECRET: "s".repeat(32) }),
    ).toThrow(/CERTIFICATE_SIGNING_KEY: required in production/);
  });

  describe("the institution's sign-in (OIDC_*) and PASSWORD_LOGIN (ADR 0041)", () => {
    const oidc = {
      OIDC_ISSUER: "https://login.microsoftonline.com/0000-tenant/v2.0",
      OIDC_CLIENT_ID: "seva-client",
      OIDC_CLIENT_SECRET: "a-client-secret",
    };

    it("is off without the OIDC_ variables (and without the demo's provider), and passwords sign in by default", () => {
      const config = loadConfig({ DATA_DIR: tempDir(), DEMO_SIGN_IN: "false" });
      expect(config.sso).toBeUndefined();
      expect(config.passwordLogin).toBe(true);
      // Empty values, as an environment file leaves them, count as unset.
      expect(
        loadConfig({
          DATA_DIR: tempDir(),
          OIDC_ISSUER: "",
          OIDC_CLIENT_ID: "",
          OIDC_CLIENT_SECRET: "",
          SEED_DEMO: "false",
        }).sso,
      ).toBeUndefined();
    });

    it("takes all three together, with the display name defaulting to INSTITUTION_NAME and the groups claim to groups", () => {
      const config = loadConfig({ DATA_DIR: tempDir(), ...oidc, PUBLIC_URL: "https://seva.iimb.ac.in/" });
      expect(config.sso).toEqual({
        issuer: oidc.OIDC_ISSUER,
        clientId: "seva-client",
        clientSecret: "a-client-secret",
        displayName: "IIM Bangalore",
        adminGroup: undefined,
        groupsClaim: "groups",
        redirectUri: "https://seva.iimb.ac.in/api/auth/sso/callback",
      });
      const named = loadConfig({
        DATA_DIR: tempDir(),
        ...oidc,
        INSTITUTION_NAME: "IIM Somewhere",
        OIDC_GROUPS_CLAIM: "roles",
        OIDC_ADMIN_GROUP: "5f0c-admins",
      }).sso;
      expect(named).toMatchObject({
        displayName: "IIM Somewhere",
        groupsClaim: "roles",
        adminGroup: "5f0c-admins",
        // Without PUBLIC_URL (outside production), the local port.
        redirectUri: "http://localhost:3000/api/auth/sso/callback",
      });
      expect(
        loadConfig({ DATA_DIR: tempDir(), ...oidc, OIDC_DISPLAY_NAME: "Microsoft" }).sso?.displayName,
      ).toBe("Microsoft");
    });

    it("refuses some of the three without the others, naming each one missing", () => {
      try {
        loadConfig({ DATA_DIR: tempDir(), OIDC_ISSUER: oidc.OIDC_ISSUER });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        const message = (error as Error).message;
        expect(message).toMatch(/OIDC_CLIENT_ID: required with the other OIDC_ settings/);
        expect(message).toMatch(/OIDC_CLIENT_SECRET: required with the other OIDC_ settings/);
        expect(message).not.toMatch(/OIDC_ISSUER: required/);
      }
      expect(() => loadConfig({ DATA_DIR: tempDir(), OIDC_CLIENT_ID: "x", OIDC_CLIENT_SECRET: "y" })).toThrow(
        /OIDC_ISSUER: required with the other OIDC_ settings/,
      );
    });

    it("refuses a display name or an admin group without the sign-in they belong to", () => {
      for (const extra of [{ OIDC_DISPLAY_NAME: "Microsoft" }, { OIDC_ADMIN_GROUP: "admins" }]) {
        expect(() => loadConfig({ DATA_DIR: tempDir(), ...extra })).toThrow(
          /OIDC_DISPLAY_NAME and OIDC_ADMIN_GROUP need OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/,
        );
      }
    });

    it("accepts an issuer over https, or http on this machine's loopback only", () => {
      for (const issuer of [
        "https://accounts.google.com",
        "http://127.0.0.1:4000",
        "http://localhost:4000/op",
      ]) {
        expect(loadConfig({ DATA_DIR: tempDir(), ...oidc, OIDC_ISSUER: issuer }).sso?.issuer).toBe(issuer);
      }
      for (const issuer of [
        "http://example.com",
        "ftp://example.com",
        "not a url",
        "https://user:pass@example.com",
        "https://example.com/?tenant=1",
        "https://example.com/#x",
      ]) {
        expect(() => loadConfig({ DATA_DIR: tempDir(), ...oidc, OIDC_ISSUER: issuer })).toThrow(
          /OIDC_ISSUER: must be the provider's issuer URL over https/,
        );
      }
    });

    it("refuses a display name that would break the page, and a groups claim that is not a claim name", () => {
      expect(() =>
        loadConfig({ DATA_DIR: tempDir(), ...oidc, OIDC_DISPLAY_NAME: '<script>"x"</script>' }),
      ).toThrow(/OIDC_DISPLAY_NAME/);
      expect(() => loadConfig({ DATA_DIR: tempDir(), ...oidc, OIDC_GROUPS_CLAIM: "two words" })).toThrow(
        /OIDC_GROUPS_CLAIM: a claim name such as groups or roles/,
      );
    });

    it("requires PUBLIC_URL with the sign-in in production, where the provider sends people back", () => {
      const pem = String(generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }));
      const production = {
        NODE_ENV: "production",
        SESSION_SECRET: "s".repeat(32),
        CERTIFICATE_SIGNING_KEY: pem,
        DATA_DIR: tempDir(),
        ...oidc,
      };
      expect(() => loadConfig(production)).toThrow(/PUBLIC_URL: required with OIDC_ISSUER in production/);
      expect(loadConfig({ ...production, PUBLIC_URL: "https://seva.iimb.ac.in" }).sso?.redirectUri).toBe(
        "https://seva.iimb.ac.in/api/auth/sso/callback",
      );
    });

    it("refuses PASSWORD_LOGIN=false without the sign-in, since nobody could sign in", () => {
      expect(() =>
        loadConfig({ DATA_DIR: tempDir(), PASSWORD_LOGIN: "false", DEMO_SIGN_IN: "false" }),
      ).toThrow(/PASSWORD_LOGIN: false needs the institution's sign-in/);
      // The embedded demo's own provider is a sign-in: its people still get in.
      expect(loadConfig({ DATA_DIR: tempDir(), PASSWORD_LOGIN: "false" }).passwordLogin).toBe(false);
      expect(() => loadConfig({ DATA_DIR: tempDir(), PASSWORD_LOGIN: "perhaps" })).toThrow(/PASSWORD_LOGIN/);
    });

    it("with PASSWORD_LOGIN=false, closes registration whatever REGISTRATION and the mail say", () => {
      const smtp = { SMTP_URL: "smtp://mail.iimb.ac.in" };
      const off = loadConfig({ DATA_DIR: tempDir(), ...oidc, ...smtp, PASSWORD_LOGIN: "false" });
      expect(off).toMatchObject({ passwordLogin: false, registration: "closed" });
      expect(
        loadConfig({ DATA_DIR: tempDir(), ...oidc, REGISTRATION: "unverified", PASSWORD_LOGIN: "false" })
          .registration,
      ).toBe("closed");
      // Passwords on beside the sign-in: registration as before.
      expect(loadConfig({ DATA_DIR: tempDir(), ...oidc, ...smtp, PASSWORD_LOGIN: "true" })).toMatchObject({
        passwordLogin: true,
        registration: "email",
      });
    });
  });

  describe("the demo's identity provider (DEMO_SIGN_IN, ADR 0041)", () => {
    it("is on for the seeded embedded demo by default, aimed at /demo-sign-in on PUBLIC_URL", () => {
      const config = loadConfig({ DATA_DIR: tempDir(), PORT: "4100" });
      expect(config.demoSignIn).toBe(true);
      expect(config.sso).toMatchObject({
        issuer: "http://localhost:4100/demo-sign-in",
        clientId: "seva-demo",
        displayName: "IIM Bangalore (demo)",
        adminGroup: undefined,
        groupsClaim: "groups",
        redirectUri: "http://localhost:4100/api/auth/sso/callback",
      });
      expect(config.sso?.clientSecret.length).toBeGreaterThanOrEqual(32);
      // A new secret at every boot: nothing to configure, nothing to leak.
      expect(loadConfig({ DATA_DIR: tempDir() }).sso?.clientSecret).not.toBe(config.sso?.clientSecret);
      expect(
        loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: "http://192.168.1.20:3000", DEMO_SIGN_IN: "true" }).sso
          ?.issuer,
      ).toBe("http://192.168.1.20:3000/demo-sign-in");
    });

    it("is off when DEMO_SIGN_IN=false, without the demo seed, on PostgreSQL, in production, or beside OIDC_*", () => {
      const off = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env });
      expect(off({ DEMO_SIGN_IN: "false" })).toMatchObject({ demoSignIn: false, sso: undefined });
      expect(off({ SEED_DEMO: "false" })).toMatchObject({ demoSignIn: false, sso: undefined });
      expect(
        off({ DATABASE_URL: "postgres://localhost/seva", SESSION_SECRET: "s".repeat(32), SEED_DEMO: "true" }),
      ).toMatchObject({ demoSignIn: false, sso: undefined });
      const pem = String(generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }));
      expect(
        off({
          NODE_ENV: "production",
          SESSION_SECRET: "s".repeat(32),
          CERTIFICATE_SIGNING_KEY: pem,
          SEED_DEMO: "true",
        }),
      ).toMatchObject({ demoSignIn: false, sso: undefined });
      const real = off({
        OIDC_ISSUER: "https://accounts.google.com",
        OIDC_CLIENT_ID: "seva-client",
        OIDC_CLIENT_SECRET: "a-client-secret",
      });
      expect(real.demoSignIn).toBe(false);
      expect(real.sso?.issuer).toBe("https://accounts.google.com");
    });

    it("refuses a DEMO_SIGN_IN that is not a boolean", () => {
      expect(() => loadConfig({ DATA_DIR: tempDir(), DEMO_SIGN_IN: "maybe" })).toThrow(
        /DEMO_SIGN_IN: must be true or false/,
      );
    });
  });
});

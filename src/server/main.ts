// The process: read config, open and migrate the database, ensure the badge catalogue, seed the demo when
// asked, serve, and shut down gracefully on SIGTERM/SIGINT.
import { setFlagsFromString } from "node:v8";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { ANYTHING_CHANGED, APPLICANT_COUNT_LAG_MS, ChangeTracker } from "./db/change-tracker";
import { openDatabase } from "./db/client";
import { syncSchoolCalendar } from "./db/school-calendar";
import { seedDemo } from "./demo/seed";
import { createMailer, smtpServerLabel } from "./mail/mailer";
import { setPasswordHashesAtOnce } from "./modules/auth/password";
import { ensureBadgeCatalogue } from "./modules/badges/badge-catalogue";
import { DeliveryWorker } from "./modules/notifications/delivery-worker";
import { Scheduler } from "./modules/notifications/scheduler";
import { verificationKeyOf } from "./modules/supervision/verification-link";
import { clientDistFolder } from "./paths";
import { sweepExpiredSignIns } from "./sessions/sweep";

const SESSION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const REGISTRATION_LINES = {
  email: "the temporary password is e-mailed; a taken address answers like a free one",
  unverified: "the temporary password is shown on screen (REGISTRATION=unverified, or the embedded database)",
  closed: "closed: set SMTP_URL, or REGISTRATION=unverified to show passwords on screen (ADR 0033)",
} as const;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // V8 reads this flag at each collection, so setting it now still takes effect (unlike the young generation's
  // sizes, fixed when the process starts); it keeps the old generation near the live heap (ADR 0044, third pass).
  if (config.v8OptimizeForSize) setFlagsFromString("--optimize-for-size");
  // Process-wide, as the native memory it bounds is: set before the demo seed hashes its passwords.
  setPasswordHashesAtOnce(config.passwordHashesAtOnce);
  const database = await openDatabase(config);
  await ensureBadgeCatalogue(database.db);
  await syncSchoolCalendar(database.db, config.termStartMonths);
  // Mail and certificates: where their links point (ADR 0031, ADR 0039).
  const site = { publicUrl: config.publicUrl, institutionName: config.institutionName };
  const signIns = config.seedDemo
    ? await seedDemo(database.db, config.allowedEmailDomains[0] ?? "iimb.ac.in", {
        certificates: { ...site, key: config.certificateKey },
      })
    : [];
  await sweepExpiredSignIns(database.db);

  // The feed runs even with READ_CACHE=false: live updates follow it (notifications/stream.ts); nothing is cached.
  const changes = await ChangeTracker.start(database.changes, {
    caching: config.readCache,
    countLagMs: APPLICANT_COUNT_LAG_MS,
  });
  // This process may have died between a commit and its announcement: every process drops its cache (ADR 0045).
  await database.announce?.([ANYTHING_CHANGED]);
  const mailer = config.mail ? createMailer(config.mail) : undefined;
  const app = await buildApp({
    db: database.db,
    config,
    clientDir: clientDistFolder(),
    changes,
    mailer,
    site,
  });
  if (config.demoSignIn && config.sso) {
    // Loaded only here: a production server never imports the demo's provider (nor oidc-provider).
    const { demoPeopleOf, mountDemoIdentityProvider } = await import("./demo/demo-identity-provider");
    const domain = config.allowedEmailDomains[0] ?? "iimb.ac.in";
    await mountDemoIdentityProvider(app, { sso: config.sso, people: demoPeopleOf(domain), domain });
  }
  // The worker that delivers the outbox (ADR 0031).
  const delivery = new DeliveryWorker({
    db: database.db,
    mailer,
    site,
    secret: config.sessionSecret,
    log: app.log,
  });
  // Reminders and the admins' daily digest, run every minute in every process, each written once (scheduler.ts).
  const scheduler = new Scheduler({
    db: database.db,
    log: app.log,
    verificationKey: verificationKeyOf(config.sessionSecret),
    embedded: database.kind === "pglite",
  });
  const sweep = setInterval(() => {
    sweepExpiredSignIns(database.db).catch((error) => app.log.warn({ err: error }, "session sweep failed"));
  }, SESSION_SWEEP_INTERVAL_MS);
  sweep.unref();

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    clearInterval(sweep);
    try {
      await app.close();
      await scheduler.stop();
      await delivery.stop();
      await changes.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "unclean shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  delivery.start();
  scheduler.start();
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const lines = [
    "",
    `  Seva is running at http://${shownHost}:${port}`,
    `  Database: ${database.kind === "pglite" ? `embedded PGlite in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)"}`,
    `  Mail: ${config.mail ? `e-mailed via ${smtpServerLabel(config.mail.smtpUrl)}, links on ${config.publicUrl}` : "not configured (the admin mail log shows what would be sent; no password reset by e-mail)"}`,
    `  Registration: ${REGISTRATION_LINES[config.registration]}`,
  ];
  if (config.demoSignIn && config.sso) {
    lines.push(
      `  Institutional sign-in: 'Sign in with ${config.sso.displayName}' on /login, a demo provider at ${config.sso.issuer} (no password; DEMO_SIGN_IN=false turns it off)`,
    );
  }
  if (signIns.length > 0) {
    lines.push("", "  Demo sign-ins (seeded on this empty database):");
    for (const signIn of signIns)
      lines.push(`    ${signIn.role.padEnd(7)}  ${signIn.email.padEnd(28)}  ${signIn.password}`);
  }
  console.log(`${lines.join("\n")}\n`);
}

main().catch((error) => {
  console.error("Seva failed to start:", error);
  process.exit(1);
});

// Two server processes on one PostgreSQL database deliver the mail outbox together, as behind a load balancer:
// every message reaches the SMTP server exactly once (rows are claimed with FOR UPDATE SKIP LOCKED, ADR 0031),
// and both shut down cleanly with their delivery workers. Always PostgreSQL (PGlite is one process): a fresh
// database on DATABASE_URL's server, else the local one.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createScratchDatabase,
  eventually,
  killServers,
  PROCESS_SESSION_SECRET,
  type ScratchDatabase,
  serverEnv,
  startServer,
} from "./process-support";
import { headerOf, smtpUrl, startSmtpServer } from "./smtp-peer";

const MESSAGES = 200;
const PUBLIC_URL = "https://seva.two-processes.example";

let database: ScratchDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let client: pg.Client | undefined;

beforeAll(async () => {
  database = await createScratchDatabase("seva_mail_processes");
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await killServers();
  await client?.end();
  await smtp?.close();
  await database?.drop();
});

describe("two server processes delivering one outbox", () => {
  it("send each message once", async () => {
    const env = serverEnv({
      DATABASE_URL: database.url,
      SESSION_SECRET: PROCESS_SESSION_SECRET,
      SMTP_URL: smtpUrl(smtp.port),
      PUBLIC_URL,
    });
    const servers = await Promise.all([startServer({ env }), startServer({ env })]);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    // Written at once, as a burst of decisions would: both workers find them due on their next pass.
    await client.query(
      `insert into mail_outbox (to_address, kind, category, subject, data, dedupe_key)
       select 'student' || g || '@iimb.ac.in', 'application_received', 'applications', 'Application received',
              jsonb_build_object('title', 'Application received', 'body', 'Your application ' || g, 'link', '/dashboard'),
              'two-processes:' || g
       from generate_series(1, $1::int) g`,
      [MESSAGES],
    );
    await eventually(async () => {
      const { rows } = await (client as pg.Client).query(
        "select count(*)::int as sent from mail_outbox where status = 'sent'",
      );
      expect(rows[0].sent).toBe(MESSAGES);
    }, 90_000);
    const ids = smtp.deliveries.map((delivery) => headerOf(delivery.raw, "Message-ID"));
    expect(ids).toHaveLength(MESSAGES);
    expect(new Set(ids).size).toBe(MESSAGES);
    const { rows } = await client.query(
      "select attempts, count(*)::int as n from mail_outbox group by attempts",
    );
    expect(rows).toEqual([{ attempts: 1, n: MESSAGES }]);
    expect(ids.every((id) => id?.endsWith("@seva.two-processes.example>"))).toBe(true);

    // Both stop cleanly, their workers with them.
    expect(await Promise.all(servers.map((server) => server.stop()))).toEqual([0, 0]);
  }, 180_000);
});

// How many statements each main write sends to the database (issue 21, ADR 0048): on 2 cores a decision is bound
// by its round trips, so these bounds hold what was cut. Counted by drizzle's logger on a second handle over the
// same connection(s); BEGIN and COMMIT are not among them on PGlite (its driver sends them itself), nor is the
// announcement after the commit (sent on the pool, PostgreSQL only), so the bounds count the work inside.
import type { Database } from "@server/db/client";
import * as schema from "@server/db/schema";
import { applicationEvents, badges, notifications, users } from "@server/db/schema";
import { createTestApp, createTestUser, type TestContext } from "@test/app";
import { insertOpportunity } from "@test/workflow-helpers";
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hoursBody } from "../../../../test/hours-body";
import { applyToOpportunity, updateApplicationStatus } from "../applications/applications.service";
import { approveHours, rejectHours, submitHours } from "../hours/hours.service";

let t: TestContext;
let counted: Database;
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const client = (t.db as unknown as { $client: never }).$client;
  const logger = { logQuery: (query: string) => statements.push(query) };
  counted = (t.database.kind === "pglite"
    ? drizzlePglite(client, { schema, logger })
    : drizzlePg(client, { schema, logger })) as unknown as Database;
});
afterAll(() => t?.close());

/** The statements `work` sent, leaving out transaction control (sent on one engine and not the other). */
async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
  statements.length = 0;
  const result = await work();
  const sent = statements.filter((text) => !/^(begin|commit|rollback)\b/i.test(text.trim()));
  return { result, sent };
}

async function userRow(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error("no user");
  return row;
}

describe("statements per decision", () => {
  it("apply, accept, submit, approve and reject each stay within their round trips, and still do their work", async () => {
    const admin = await userRow((await createTestUser(t.db, { role: "admin" })).id);
    const student = await createTestUser(t.db);
    const opportunity = await insertOpportunity(t.db, admin.id, {
      coinsPerHour: 10,
      maxCoins: 100,
      totalRequiredHours: null,
      capacity: null,
    });

    const applied = await statementsOf(() =>
      applyToOpportunity(counted, student.id, opportunity.id, undefined),
    );
    expect(applied.result.status).toBe("pending");
    const accepted = await statementsOf(() =>
      updateApplicationStatus(counted, admin, applied.result.id, { status: "accepted" } as never),
    );
    expect(accepted.result.application.status).toBe("accepted");
    const submitted = await statementsOf(() =>
      submitHours(counted, Buffer.alloc(32), student.id, applied.result.id, hoursBody(3) as never),
    );
    expect(submitted.result.status).toBe("hours_submitted");
    const approved = await statementsOf(() =>
      approveHours(counted, admin, applied.result.id, { coinsAwarded: 30, feedback: "Thank you" }),
    );
    expect(approved.result).toMatchObject({ coinsAwarded: 30, application: { status: "hours_approved" } });
    expect((await userRow(student.id)).coins).toBe(30);
    // The credit's one statement still awards the badges its balance reached, in threshold order.
    const reached = await t.db
      .select({ name: badges.name })
      .from(badges)
      .where(lte(badges.coinsRequired, 30))
      .orderBy(asc(badges.coinsRequired), asc(badges.id));
    expect(reached.length).toBeGreaterThan(0);
    expect(approved.result.badgesEarned).toEqual(reached.map((badge) => badge.name));

    // A second submission, rejected: the student keeps the first one's coins.
    await submitHours(t.db, Buffer.alloc(32), student.id, applied.result.id, hoursBody(2) as never);
    const rejected = await statementsOf(() =>
      rejectHours(counted, admin, applied.result.id, "Not this time"),
    );
    expect(rejected.result.application.status).toBe("hours_approved");
    expect((await userRow(student.id)).coins).toBe(30);

    // Every step is on the timeline, in order, and the admins' notice names the student as the first step keeps them.
    const steps = await t.db
      .select({ kind: applicationEvents.kind, actorName: applicationEvents.actorName })
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, applied.result.id))
      .orderBy(asc(applicationEvents.at), asc(applicationEvents.id));
    expect(steps.map((step) => step.kind)).toEqual([
      "applied",
      "accepted",
      "hours_submitted",
      "hours_approved",
      "hours_submitted",
      "hours_rejected",
    ]);
    const studentRow = await userRow(student.id);
    const name = `${studentRow.firstName} ${studentRow.lastName}`;
    expect(steps[0]?.actorName).toBe(name);
    const [notice] = await t.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.kind, "new_application"), isNull(notifications.userId)));
    expect(notice?.body).toContain(name);

    // Before ADR 0048: 9, 6, 10 and 14. Approve 7 and reject 6 until the submission was locked and updated with
    // the application (ADR 0065); each one more until the timeline step rode with the notification (ADR 0066).
    // The server on PostgreSQL adds two round trips to each (BEGIN with the deferred notices' set-up, their
    // read-back with COMMIT: ADR 0051) and the announcement after the commit, which concurrent writes share.
    expect({
      apply: applied.sent.length,
      accept: accepted.sent.length,
      submit: submitted.sent.length,
      approve: approved.sent.length,
      reject: rejected.sent.length,
    }).toEqual({ apply: 6, accept: 3, submit: 5, approve: 4, reject: 3 });
  });
});

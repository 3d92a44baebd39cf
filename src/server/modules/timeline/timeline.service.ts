// An application's timeline (docs/product-rules.md §10): its steps as recordEvent wrote them, oldest first, to
// the application's student and to every admin. Read per person and never cached (ADR 0040).
import type { Database } from "@server/db/client";
import { applicationEvents } from "@server/db/schema";
import { toIso } from "@server/lib/sql";
import type { SessionUser } from "@server/sessions/session-store";
import type { ApplicationEvent } from "@shared/contract/timeline";
import { asc, eq } from "drizzle-orm";
import { assertCanSeeApplication } from "../decisions/application-access";

export async function getTimeline(
  db: Database,
  viewer: SessionUser,
  applicationId: number,
): Promise<ApplicationEvent[]> {
  await assertCanSeeApplication(db, viewer, applicationId);
  const rows = await db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(asc(applicationEvents.at), asc(applicationEvents.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    actor: row.actor,
    actorName: row.actorName,
    at: toIso(row.at),
    hours: row.hours,
    coins: row.coins,
    note: row.note,
  }));
}

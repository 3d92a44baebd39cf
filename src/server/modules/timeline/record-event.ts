// Writes one step of an application's timeline (docs/product-rules.md §10) in the transaction of the step itself,
// so the timeline and the change it tells of commit or roll back together. Rows are never updated (a trigger
// refuses it, migration 0012).
import { builtOnce } from "@server/db/built-once";
import type { Executor } from "@server/db/client";
import { applicationEvents, users } from "@server/db/schema";
import type { ApplicationEventKind, EventActor } from "@shared/domain/enums";
import { eq, sql } from "drizzle-orm";

export interface TimelineStep {
  applicationId: number;
  kind: ApplicationEventKind;
  actor: EventActor;
  /** The student or admin who took the step: their name is kept on the event as it is now. */
  actorId?: number | null;
  /** The supervisor's name (no account); ignored when actorId names someone. */
  actorName?: string | null;
  hours?: number | null;
  coins?: number | null;
  /** Feedback, notes or a dispute's reason. */
  note?: string | null;
  hourSubmissionId?: number | null;
}

/** The step's insert, built once (ADR 0051): `named` takes the actor's name from their account, as it is now. */
function recordStatement(named: boolean) {
  return builtOnce((db) => {
    const actorId = sql.placeholder("actorId");
    return db
      .insert(applicationEvents)
      .values({
        applicationId: sql.placeholder("applicationId"),
        kind: sql.placeholder("kind"),
        actor: sql.placeholder("actor"),
        actorId,
        actorName: named
          ? sql`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${eq(users.id, actorId)})`
          : sql.placeholder("actorName"),
        hours: sql.placeholder("hours"),
        coins: sql.placeholder("coins"),
        note: sql.placeholder("note"),
        hourSubmissionId: sql.placeholder("hourSubmissionId"),
      })
      .returning({ actorName: applicationEvents.actorName });
  });
}

const recordByAccount = recordStatement(true);
const recordByName = recordStatement(false);

/** Returns the actor's name as the step keeps it (the decision's notification may show it: ADR 0048). */
export async function recordEvent(tx: Executor, step: TimelineStep): Promise<{ actorName: string | null }> {
  const actorId = step.actorId ?? null;
  const values = {
    applicationId: step.applicationId,
    kind: step.kind,
    actor: step.actor,
    actorId,
    actorName: actorId === null ? (step.actorName ?? null) : undefined,
    hours: step.hours ?? null,
    coins: step.coins ?? null,
    note: step.note ?? null,
    hourSubmissionId: step.hourSubmissionId ?? null,
  };
  const [recorded] = await (actorId === null ? recordByName : recordByAccount)(tx, values);
  return { actorName: recorded?.actorName ?? null };
}

/**
 * The first step of every application, written where one is made (applying, or taking a waiting-list offer).
 * Returns the student's name as the step keeps it.
 */
export async function recordApplied(
  tx: Executor,
  application: { id: number; userId: number; notes: string | null },
): Promise<string | null> {
  const { actorName } = await recordEvent(tx, {
    applicationId: application.id,
    kind: "applied",
    actor: "student",
    actorId: application.userId,
    note: application.notes,
  });
  return actorName;
}

// Writes one step of an application's timeline (docs/product-rules.md §10) in the transaction of the step itself,
// so the timeline and the change it tells of commit or roll back together. Rows are never updated (a trigger
// refuses it, migration 0012).
import { type Companion, runAlone } from "@server/db/built-once";
import type { Executor } from "@server/db/client";
import type { ApplicationEventKind, EventActor } from "@shared/domain/enums";
import { type SQL, sql } from "drizzle-orm";

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

/**
 * The step's insert as SQL whose placeholders are named `step_*` (so it can ride in another statement beside
 * placeholders of its own: notify's companion, ADR 0066). `named` takes the actor's name from their account, as it
 * is now. Returns the name the step keeps.
 */
function stepInsert(named: boolean): SQL {
  const value = (name: string) => sql.placeholder(`step_${name}`);
  const actorName = named
    ? sql`(select first_name || ' ' || last_name from users where id = ${value("actorId")})`
    : value("actorName");
  return sql`insert into application_events
      (application_id, kind, actor, actor_id, actor_name, hours, coins, note, hour_submission_id)
    values (${value("applicationId")}, ${value("kind")}, ${value("actor")}, ${value("actorId")}, ${actorName},
      ${value("hours")}, ${value("coins")}, ${value("note")}, ${value("hourSubmissionId")})
    returning actor_name`;
}

const STEP_INSERTS = { named: stepInsert(true), byName: stepInsert(false) };

/**
 * The step as a companion of another statement (notify.ts `notifyWith`): its insert, the values of its
 * placeholders, and a key naming its shape. The row it returns holds `actor_name`.
 */
export function timelineStep(step: TimelineStep): Companion {
  const actorId = step.actorId ?? null;
  const named = actorId !== null;
  return {
    key: named ? "step named" : "step by name",
    statement: named ? STEP_INSERTS.named : STEP_INSERTS.byName,
    values: {
      step_applicationId: step.applicationId,
      step_kind: step.kind,
      step_actor: step.actor,
      step_actorId: actorId,
      step_actorName: named ? undefined : (step.actorName ?? null),
      step_hours: step.hours ?? null,
      step_coins: step.coins ?? null,
      step_note: step.note ?? null,
      step_hourSubmissionId: step.hourSubmissionId ?? null,
    },
  };
}

/** Writes the step on its own (a decision that tells nobody of it, or a second step of one). */
export async function recordEvent(tx: Executor, step: TimelineStep): Promise<void> {
  await runAlone(tx, timelineStep(step));
}

/**
 * The first step of every application, written where one is made (applying, or taking a waiting-list offer),
 * with the student's confirmation (events.ts applicationReceived).
 */
export function appliedStep(application: { id: number; userId: number; notes: string | null }): TimelineStep {
  return {
    applicationId: application.id,
    kind: "applied",
    actor: "student",
    actorId: application.userId,
    note: application.notes,
  };
}

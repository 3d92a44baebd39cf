// The supervisor's answer from the e-mailed link (docs/product-rules.md §10, ADR 0038): no account, the signed
// token is the only credential. `check` says what the link asks and whether it is still open; `decide` confirms or
// disputes once (compare-and-set on the verification still pending and the submission still under review), tells
// the student, and on a confirmation within the opportunity's automatic rule approves the hours through the one
// paying path (approveSubmission), in the same transaction.
import type { Database } from "@server/db/client";
import { applications, hourSubmissions, opportunities, users } from "@server/db/schema";
import { inTransaction } from "@server/db/transaction";
import { badRequest, conflict } from "@server/errors";
import { toIso } from "@server/lib/sql";
import type { SupervisionDecisionBody, SupervisionRequest } from "@shared/contract/supervision";
import { coinsAtRate } from "@shared/domain/coins";
import { schoolDayOf } from "@shared/domain/event-dates";
import { and, eq, sql } from "drizzle-orm";
import { lockApplication } from "../decisions/decision-locks";
import { approveSubmission, dayText } from "../hours/hours.service";
import { hoursVerified } from "../notifications/events";
import { recordEvent } from "../timeline/record-event";
import { LINK_INVALID, readVerificationToken } from "./verification-link";

type SubmissionRow = typeof hourSubmissions.$inferSelect;

function stateOf(submission: SubmissionRow): SupervisionRequest["state"] {
  if (submission.verificationStatus === "confirmed") return "confirmed";
  if (submission.verificationStatus === "disputed") return "disputed";
  if (submission.verificationStatus === "pending" && submission.status === "pending") return "open";
  return "closed";
}

/** What was already answered, for the 409 of a second decision. */
function alreadyAnswered(submission: SubmissionRow): string {
  const day = submission.verifiedAt ? dayText(schoolDayOf(submission.verifiedAt)) : "";
  const on = day ? ` on ${day}` : "";
  if (submission.verificationStatus === "confirmed")
    return `These hours were already confirmed${on}: nothing more is needed`;
  if (submission.verificationStatus === "disputed")
    return `These hours were already disputed${on}: nothing more is needed`;
  return "The school has already decided these hours: nothing more is needed from you";
}

async function submissionOf(db: Database, key: Buffer, token: string, now: Date) {
  const submissionId = readVerificationToken(key, token, now);
  const [row] = await db
    .select({
      submission: hourSubmissions,
      studentFirstName: users.firstName,
      studentLastName: users.lastName,
      opportunityTitle: opportunities.title,
    })
    .from(hourSubmissions)
    .innerJoin(applications, eq(applications.id, hourSubmissions.applicationId))
    .innerJoin(users, eq(users.id, applications.userId))
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .where(eq(hourSubmissions.id, submissionId));
  // A genuine token whose submission went with its application (account or opportunity deleted).
  if (!row || row.submission.verificationStatus === "not_required") throw badRequest(LINK_INVALID);
  return row;
}

export async function checkSupervision(
  db: Database,
  key: Buffer,
  token: string,
  institution: string,
  now = new Date(),
): Promise<SupervisionRequest> {
  const { submission, studentFirstName, studentLastName, opportunityTitle } = await submissionOf(
    db,
    key,
    token,
    now,
  );
  return {
    state: stateOf(submission),
    studentName: `${studentFirstName} ${studentLastName}`,
    opportunityTitle,
    institution,
    supervisorName: submission.supervisorName,
    hours: submission.hours,
    servedFrom: submission.servedFrom,
    servedTo: submission.servedTo,
    description: submission.description,
    reflection: submission.reflection,
    submittedAt: toIso(submission.submittedAt),
    verifiedAt: toIso(submission.verifiedAt),
    disputeReason: submission.disputeReason,
  };
}

export const CONFIRMED_MESSAGE = "Thank you: the hours are confirmed and the student has been told";
export const DISPUTED_MESSAGE =
  "Thank you: the hours are marked disputed and the school will look at what you said";

export async function decideSupervision(
  db: Database,
  key: Buffer,
  body: SupervisionDecisionBody,
  now = new Date(),
): Promise<{ message: string }> {
  const found = await submissionOf(db, key, body.token, now);
  return inTransaction(db, async (tx) => {
    // The decisions' lock order: the opportunity, then the application; then the submission.
    const locked = await lockApplication(tx, found.submission.applicationId);
    const [submission] = await tx
      .select()
      .from(hourSubmissions)
      .where(eq(hourSubmissions.id, found.submission.id))
      .for("update");
    if (!submission) throw badRequest(LINK_INVALID);
    if (submission.verificationStatus !== "pending" || submission.status !== "pending")
      throw conflict(alreadyAnswered(submission));
    const disputeReason = body.decision === "dispute" ? body.reason : null;
    const [answered] = await tx
      .update(hourSubmissions)
      .set({
        verificationStatus: body.decision === "confirm" ? "confirmed" : "disputed",
        verifiedAt: sql`now()`,
        disputeReason,
      })
      .where(
        and(
          eq(hourSubmissions.id, submission.id),
          eq(hourSubmissions.verificationStatus, "pending"),
          eq(hourSubmissions.status, "pending"),
        ),
      )
      .returning();
    if (!answered) throw conflict(alreadyAnswered(submission));
    const supervisorName = submission.supervisorName ?? submission.supervisorEmail ?? "The supervisor";
    await recordEvent(tx, {
      applicationId: submission.applicationId,
      kind: body.decision === "confirm" ? "verified" : "disputed",
      actor: "supervisor",
      actorName: supervisorName,
      hours: submission.hours,
      note: disputeReason,
      hourSubmissionId: submission.id,
    });
    await hoursVerified(tx, locked.application, locked.opportunity, submission, {
      supervisorName,
      disputeReason,
    });
    if (body.decision === "dispute") return { message: DISPUTED_MESSAGE };

    const [rule] = await tx
      .select({ maxHours: opportunities.autoApproveMaxHours })
      .from(opportunities)
      .where(eq(opportunities.id, locked.opportunity.id));
    const maxHours = rule?.maxHours ?? null;
    if (
      maxHours !== null &&
      submission.hours <= maxHours &&
      locked.application.status === "hours_submitted"
    ) {
      await approveSubmission(tx, {
        locked,
        submission: answered,
        reviewer: null,
        requested: coinsAtRate(submission.hours, locked.opportunity.coinsPerHour),
        feedback: null,
      });
    }
    return { message: CONFIRMED_MESSAGE };
  });
}

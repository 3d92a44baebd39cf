// E-mails the on-site supervisor a verification link for one submission (ADR 0038): on submission, on the
// student's resend and as the scheduler's one reminder. Always inside the caller's transaction, so the mail is
// queued exactly when the change that asks for it commits.
import type { Executor } from "@server/db/client";
import { applications, hourSubmissions, opportunities, users } from "@server/db/schema";
import { VERIFICATION_LINK_DAYS } from "@shared/domain/limits";
import type { SupervisorMailKind } from "@shared/domain/notifications";
import { eq } from "drizzle-orm";
import { queueSupervisorMail } from "../notifications/notify";
import { createVerificationToken } from "./verification-link";

const DAY_MS = 86_400_000;

export async function mailVerificationLink(
  tx: Executor,
  key: Buffer,
  submissionId: number,
  kind: SupervisorMailKind,
  now: Date,
): Promise<void> {
  const [row] = await tx
    .select({
      hours: hourSubmissions.hours,
      servedFrom: hourSubmissions.servedFrom,
      servedTo: hourSubmissions.servedTo,
      description: hourSubmissions.description,
      supervisorName: hourSubmissions.supervisorName,
      supervisorEmail: hourSubmissions.supervisorEmail,
      firstName: users.firstName,
      lastName: users.lastName,
      opportunityTitle: opportunities.title,
    })
    .from(hourSubmissions)
    .innerJoin(applications, eq(applications.id, hourSubmissions.applicationId))
    .innerJoin(users, eq(users.id, applications.userId))
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .where(eq(hourSubmissions.id, submissionId));
  if (!row?.supervisorEmail) throw new Error(`submission ${submissionId} has no supervisor to ask`);
  await queueSupervisorMail(tx, {
    kind,
    to: row.supervisorEmail,
    occurrence: `${submissionId}@${now.getTime()}`,
    secret: createVerificationToken(key, submissionId, now),
    supervisorName: row.supervisorName,
    student: `${row.firstName} ${row.lastName}`,
    opportunityTitle: row.opportunityTitle,
    hours: row.hours,
    servedFrom: row.servedFrom ?? "",
    servedTo: row.servedTo ?? "",
    description: row.description ?? "",
    expiresAt: new Date(now.getTime() + VERIFICATION_LINK_DAYS * DAY_MS).toISOString(),
  });
}

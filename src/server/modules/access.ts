// Row-level access: whose rows a signed-in person may see or act on, once for every domain. The route guard
// (http/route.ts) has already checked the role the contract asks for; these rules look at who owns the rows.
// Each rule is a predicate, for a caller that decides something else with it, and an assert that throws the
// 403 the API answers. Private opportunities have their own rules in opportunities/opportunity-visibility.ts.

import type { Role } from "@shared/domain/enums";
import { forbidden } from "../errors";

/** Who is asking: the signed-in user, or as much of it as a rule needs. */
export interface Person {
  id: number;
  role: Role;
}

const OWN_RECORDS_ONLY = {
  applications: "You can only see your own applications",
  badges: "You can only see your own badges",
} as const;

/** A student's records (applications, the hours submitted on them, badges): the student and every admin. */
export function canSeeStudentRecords(viewer: Person, userId: number): boolean {
  return viewer.role === "admin" || viewer.id === userId;
}

export function assertCanSeeStudentRecords(
  viewer: Person,
  userId: number,
  records: keyof typeof OWN_RECORDS_ONLY,
): void {
  if (!canSeeStudentRecords(viewer, userId)) throw forbidden(OWN_RECORDS_ONLY[records]);
}

/** Only the student who applied acts on an application as its applicant (submits hours on it). */
export function isApplicant(studentId: number, application: { userId: number }): boolean {
  return application.userId === studentId;
}

export function assertIsApplicant(studentId: number, application: { userId: number }): void {
  if (!isApplicant(studentId, application))
    throw forbidden("You can only submit hours for your own applications");
}

export const OWN_APPLICATION = "You cannot decide on your own application; another administrator must.";

/**
 * An administrator decides on anyone's application but their own: a student promoted to administrator may
 * still have applications, and those are decided by someone else.
 */
export function canDecideOn(admin: Person, application: { userId: number }): boolean {
  return application.userId !== admin.id;
}

export function assertCanDecideOn(admin: Person, application: { userId: number }): void {
  if (!canDecideOn(admin, application)) throw forbidden(OWN_APPLICATION);
}

export const OWN_RIGHTS = "You cannot remove your own administrator rights; another administrator must.";

/** No administrator removes their own rights, so the school always keeps at least one (ADR 0015). */
export function canRemoveAdministrator(remover: Person, userId: number): boolean {
  return userId !== remover.id;
}

export function assertCanRemoveAdministrator(remover: Person, userId: number): void {
  if (!canRemoveAdministrator(remover, userId)) throw forbidden(OWN_RIGHTS);
}

// The rule of an opportunity's verification settings (docs/product-rules.md §10), in the domain (no zod) so the
// browser's editor checks it before sending without loading the contract's schemas.
import type { VerificationMode } from "./enums";

/**
 * Supervisor verification needs someone to ask (a supervisor's e-mail, or students naming theirs), and automatic
 * approval needs verification: the database checks both too. Returns the field and the message of the refusal.
 */
export function verificationRefusal(input: {
  verification: VerificationMode;
  supervisorEmail: string | null;
  studentNamesSupervisor: boolean;
  autoApproveMaxHours: number | null;
}): { field: "supervisorEmail" | "autoApproveMaxHours"; message: string } | undefined {
  if (input.verification === "none") {
    return input.autoApproveMaxHours === null
      ? undefined
      : { field: "autoApproveMaxHours", message: "Automatic approval needs supervisor verification" };
  }
  if (input.supervisorEmail === null && !input.studentNamesSupervisor) {
    return {
      field: "supervisorEmail",
      message: "Give the supervisor's e-mail, or let students name their own supervisor",
    };
  }
  return undefined;
}

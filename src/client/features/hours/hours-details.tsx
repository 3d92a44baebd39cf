import { cn } from "@client/lib/cn";
import type { Verification } from "@shared/contract/hours-record";
import { formatSchoolDay, formatServedDates } from "@shared/domain/served-dates";

/** What a submission says was served: the shape every list and the history share (ServedSchema). */
export interface ServedHours {
  hours: number;
  servedFrom: string | null;
  servedTo: string | null;
  description: string | null;
  reflection: string | null;
}

interface HoursDetailsProps {
  served: ServedHours;
  verification: Verification;
  /** Approved by Seva on the supervisor's confirmation (the student's history shows it). */
  autoApproved?: boolean;
  className?: string;
}

/** The supervisor's answer as one line: badge, and the sentence every review place shows (product rules §10). */
export function verificationText(verification: Verification): {
  badge: string;
  text: string;
  tone: "confirmed" | "disputed" | "pending";
} | null {
  const name = verification.supervisorName ?? "the supervisor";
  switch (verification.status) {
    case "confirmed":
      return {
        badge: "Verified",
        text: `Verified by ${name}${verification.verifiedAt ? ` on ${formatSchoolDay(verification.verifiedAt)}` : ""}`,
        tone: "confirmed",
      };
    case "disputed":
      return {
        badge: "Disputed",
        text: `Disputed: ${verification.disputeReason ?? "no reason given"}`,
        tone: "disputed",
      };
    case "pending":
      return { badge: "Awaiting Confirmation", text: `Awaiting confirmation from ${name}`, tone: "pending" };
    default:
      return null;
  }
}

const TONES = {
  confirmed: { badge: "bg-green-100 text-green-900 ring-green-300", text: "text-green-900" },
  disputed: { badge: "bg-amber-100 text-amber-950 ring-amber-400", text: "text-amber-950" },
  pending: { badge: "bg-stone-100 text-stone-800 ring-stone-300", text: "text-stone-700" },
} as const;

/** The supervisor's answer alone: a badge and its sentence (nothing when the opportunity asks none). */
export function VerificationLine({ verification }: { verification: Verification }) {
  const shown = verificationText(verification);
  if (!shown) return null;
  const tone = TONES[shown.tone];
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span className={cn("rounded-full px-2.5 py-0.5 font-semibold text-xs ring-1 ring-inset", tone.badge)}>
        {shown.badge}
      </span>
      <span className={cn("min-w-0 break-words", tone.text)}>{shown.text}</span>
    </p>
  );
}

/**
 * A submission's dates served, hours, what was done, the reflection and the supervisor's answer: shown wherever
 * hours are reviewed (admin dashboard, manager, applications page, the approve and reject dialogs) and to the
 * student in their history and on their application.
 */
export function HoursDetails({ served, verification, autoApproved = false, className }: HoursDetailsProps) {
  const dates = formatServedDates(served.servedFrom, served.servedTo);
  return (
    <div className={cn("grid gap-2 text-sm", className)}>
      {/* One level of <div> groups under the <dl>, as the definition-list rule asks: the days and hours share a
          line, what was done and the reflection take a line each. */}
      <dl className="flex flex-wrap gap-x-4 gap-y-1.5 text-stone-700">
        {dates && (
          <div className="flex gap-1">
            <dt>Served</dt>
            <dd className="font-semibold text-stone-900">{dates}</dd>
          </div>
        )}
        <div className="flex gap-1">
          <dt>Hours</dt>
          <dd className="font-semibold text-stone-900">{served.hours}</dd>
        </div>
        {served.description && (
          <div className="grid basis-full gap-0.5">
            <dt className="font-medium text-stone-800">What they did</dt>
            <dd className="whitespace-pre-line break-words text-stone-900">{served.description}</dd>
          </div>
        )}
        {served.reflection && (
          <div className="grid basis-full gap-0.5">
            <dt className="font-medium text-stone-800">Reflection</dt>
            <dd className="whitespace-pre-line break-words text-stone-900">{served.reflection}</dd>
          </div>
        )}
      </dl>
      <VerificationLine verification={verification} />
      {autoApproved && (
        <p className="text-green-900 text-sm">Approved automatically on the supervisor's confirmation</p>
      )}
    </div>
  );
}

// The Submit Hours dialog, loaded when its button is first wanted (submit-hours-button.tsx, ADR 0046).
import { DialogContent, DialogRoot, DialogSubmitActions } from "@client/components/ui/dialog";
import type { OnDemandDialogProps } from "@client/components/ui/dialog-on-demand";
import { InputField, TextareaField } from "@client/components/ui/field";
import { fieldErrorsOf } from "@client/lib/api-client";
import { awardBreakdown } from "@client/lib/award-text";
import { formatNumber } from "@client/lib/format-number";
import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import { expectedAward } from "@shared/domain/coins";
import type { VerificationMode } from "@shared/domain/enums";
import { schoolDayOf } from "@shared/domain/event-dates";
import {
  HOURS_DESCRIPTION_MAX,
  HOURS_DESCRIPTION_MIN,
  HOURS_REFLECTION_MAX,
  MAX_STUDENT_HOURS,
  MIN_STUDENT_HOURS,
} from "@shared/domain/limits";
import { type FormEvent, useState } from "react";
import { type SubmitHoursBody, useSubmitHours } from "./api";

/** Whole hours from 1 to 200 (docs/product-rules.md §3), else null: the Submit button stays disabled. */
export function parseStudentHours(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const hours = Number(text);
  return hours >= MIN_STUDENT_HOURS && hours <= MAX_STUDENT_HOURS ? hours : null;
}

export interface SubmitHoursDialogProps {
  application: { id: number; coinsAwarded: number };
  opportunity: {
    title: string;
    coinsPerHour: number;
    maxCoins: number;
    verification: VerificationMode;
    supervisorName: string | null;
    studentNamesSupervisor: boolean;
  };
}

interface Draft {
  hours: string;
  servedFrom: string;
  servedTo: string;
  description: string;
  reflection: string;
  supervisorName: string;
  supervisorEmail: string;
}

type FieldErrors = Partial<Record<keyof Draft, string[]>>;

function emptyDraft(): Draft {
  const today = schoolDayOf();
  return {
    hours: "",
    servedFrom: today,
    servedTo: today,
    description: "",
    reflection: "",
    supervisorName: "",
    supervisorEmail: "",
  };
}

/**
 * What the form can tell before sending (docs/product-rules.md §10): dates not in the future and in order, what
 * was done in 10–2,000 characters, and the supervisor when the student names their own. The server checks the
 * rest (not before the acceptance) and answers per field.
 */
export function draftErrors(draft: Draft, namesSupervisor: boolean, today = schoolDayOf()): FieldErrors {
  const errors: FieldErrors = {};
  if (parseStudentHours(draft.hours) === null)
    errors.hours = [`Enter a whole number of hours from ${MIN_STUDENT_HOURS} to ${MAX_STUDENT_HOURS}`];
  if (!draft.servedFrom) errors.servedFrom = ["Give the first day you served"];
  else if (draft.servedFrom > today) errors.servedFrom = ["From cannot be in the future"];
  if (!draft.servedTo) errors.servedTo = ["Give the last day you served"];
  else if (draft.servedTo > today) errors.servedTo = ["To cannot be in the future"];
  else if (draft.servedFrom && draft.servedTo < draft.servedFrom)
    errors.servedTo = ["To cannot be before From"];
  const description = draft.description.trim();
  if (description.length < HOURS_DESCRIPTION_MIN)
    errors.description = [`Describe what you did in at least ${HOURS_DESCRIPTION_MIN} characters`];
  else if (description.length > HOURS_DESCRIPTION_MAX)
    errors.description = ["What you did: at most 2,000 characters"];
  if (draft.reflection.trim().length > HOURS_REFLECTION_MAX)
    errors.reflection = ["Reflection: at most 2,000 characters"];
  if (namesSupervisor) {
    if (!draft.supervisorName.trim()) errors.supervisorName = ["Give your supervisor's name"];
    const email = draft.supervisorEmail.trim();
    if (!email) errors.supervisorEmail = ["Give your supervisor's e-mail"];
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      errors.supervisorEmail = ["Supervisor's e-mail must be a valid address"];
  }
  return errors;
}

/** The order the form shows its fields in, so the first one to fix gets the focus. */
const FIELD_ORDER: readonly (keyof Draft)[] = [
  "servedFrom",
  "servedTo",
  "hours",
  "description",
  "reflection",
  "supervisorName",
  "supervisorEmail",
];

function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors) {
  const first = FIELD_ORDER.find((field) => errors[field]?.length);
  if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/** Mounted afresh for each opening, so the form starts empty with today's dates. */
export default function SubmitHoursDialog({
  application,
  opportunity,
  open,
  onOpenChange: setOpen,
  onCloseAutoFocus,
}: SubmitHoursDialogProps & OnDemandDialogProps) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  // Client messages show once a field was left or a submit was tried; the server's until the field changes.
  const [touched, setTouched] = useState<Partial<Record<keyof Draft, boolean>>>({});
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const submitHours = useSubmitHours();
  const handleLoggedOut = useHandleLoggedOut();
  const namesSupervisor = opportunity.studentNamesSupervisor;
  const asksSupervisor = opportunity.verification === "supervisor";
  const hours = parseStudentHours(draft.hours);
  const today = schoolDayOf();
  const clientErrors = draftErrors(draft, namesSupervisor, today);
  const basis = {
    coinsPerHour: opportunity.coinsPerHour,
    maxCoins: opportunity.maxCoins,
    alreadyAwarded: application.coinsAwarded,
  };

  function errorsOf(field: keyof Draft): string[] | undefined {
    if (serverErrors[field]?.length) return serverErrors[field];
    // Hours say at once when they are not a whole number in range (as before the dates were asked).
    const shown = triedSubmit || touched[field] || (field === "hours" && draft.hours !== "");
    return shown ? clientErrors[field] : undefined;
  }

  function change(field: keyof Draft, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  }

  function fieldProps(field: keyof Draft) {
    return {
      name: field,
      value: draft[field],
      errors: errorsOf(field),
      onChange: (event: { target: { value: string } }) => change(field, event.target.value),
      onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    };
  }

  function changeOpen(next: boolean) {
    if (!submitHours.isPending) setOpen(next);
  }

  // mutateAsync rather than mutate's callbacks: the refresh after a success replaces the Submit Hours button
  // (and this dialog) with 'Hours Under Review', and React Query skips the callbacks of an unmounted caller.
  async function submit(event: FormEvent) {
    event.preventDefault();
    setTriedSubmit(true);
    if (hours === null || Object.keys(clientErrors).length > 0) {
      focusFirstInvalid(event.currentTarget as HTMLFormElement, clientErrors);
      return;
    }
    const form = event.currentTarget as HTMLFormElement;
    const body: SubmitHoursBody = {
      hours,
      servedFrom: draft.servedFrom,
      servedTo: draft.servedTo,
      description: draft.description.trim(),
      reflection: draft.reflection.trim() || null,
      ...(namesSupervisor
        ? { supervisorName: draft.supervisorName.trim(), supervisorEmail: draft.supervisorEmail.trim() }
        : {}),
    };
    try {
      await submitHours.mutateAsync({ id: application.id, body });
      setOpen(false);
      toast({
        title: "Hours Submitted Successfully!",
        description: asksSupervisor
          ? "Your contribution has been logged. Your supervisor is asked to confirm it before review."
          : "Your contribution has been logged and is under review.",
      });
    } catch (error) {
      if (handleLoggedOut(error)) return;
      const fieldErrors = fieldErrorsOf(error);
      if (Object.keys(fieldErrors).length > 0) {
        setServerErrors(fieldErrors);
        focusFirstInvalid(form, fieldErrors);
      }
      toastFailure(error, "Submission Failed", "Please try again or contact support");
    }
  }

  const supervisorShown = namesSupervisor ? null : opportunity.supervisorName;
  const descriptionLength = draft.description.trim().length;

  return (
    <DialogRoot open={open} onOpenChange={changeOpen}>
      <DialogContent
        onCloseAutoFocus={onCloseAutoFocus}
        title="Submit Hours"
        description={`Log the hours you served on “${opportunity.title}”. An administrator reviews them before coins are awarded.`}
      >
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid grid-cols-2 gap-3">
            <InputField label="From" type="date" max={today} required {...fieldProps("servedFrom")} />
            <InputField
              label="To"
              type="date"
              min={draft.servedFrom || undefined}
              max={today}
              required
              {...fieldProps("servedTo")}
            />
          </div>
          <InputField
            label="Hours served"
            hint={`Whole hours from ${MIN_STUDENT_HOURS} to ${MAX_STUDENT_HOURS}.`}
            type="number"
            inputMode="numeric"
            min={MIN_STUDENT_HOURS}
            max={MAX_STUDENT_HOURS}
            step={1}
            required
            {...fieldProps("hours")}
          />
          <TextareaField
            label="What did you do?"
            hint={`${formatNumber(descriptionLength)} / ${formatNumber(HOURS_DESCRIPTION_MAX)} characters (at least ${HOURS_DESCRIPTION_MIN}).`}
            maxLength={HOURS_DESCRIPTION_MAX}
            required
            {...fieldProps("description")}
          />
          <TextareaField
            label="Reflection (optional)"
            hint="What you learned or would do differently."
            maxLength={HOURS_REFLECTION_MAX}
            {...fieldProps("reflection")}
          />
          {namesSupervisor && (
            <>
              <InputField
                label="Supervisor's name"
                autoComplete="off"
                required
                {...fieldProps("supervisorName")}
              />
              <InputField
                label="Supervisor's e-mail"
                type="email"
                autoComplete="off"
                required
                {...fieldProps("supervisorEmail")}
              />
            </>
          )}
          {asksSupervisor && (
            <p className="rounded-xl bg-stone-100 px-4 py-3 text-sm text-stone-800">
              {supervisorShown
                ? `Your supervisor, ${supervisorShown}, will be e-mailed to confirm these hours.`
                : "Your supervisor will be e-mailed to confirm these hours."}
            </p>
          )}
          <p aria-live="polite" className="rounded-xl bg-saffron-50 px-4 py-3 text-saffron-950 text-sm">
            {hours === null ? (
              `This opportunity pays ${opportunity.coinsPerHour} coins per hour, up to ${opportunity.maxCoins} coins.`
            ) : (
              <>
                You could earn{" "}
                <strong className="font-semibold">{`${expectedAward({ hours, ...basis })} coins`}</strong>{" "}
                {`for these hours (${awardBreakdown({ hours, ...basis })}).`}
              </>
            )}
          </p>
          {application.coinsAwarded > 0 && (
            <p className="text-sm text-stone-700">
              {`You have earned ${application.coinsAwarded} of this opportunity's ${opportunity.maxCoins}-coin cap so far.`}
            </p>
          )}
          <DialogSubmitActions disabled={hours === null} isPending={submitHours.isPending}>
            Submit Hours
          </DialogSubmitActions>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}

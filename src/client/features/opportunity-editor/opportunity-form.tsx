import { Button, buttonClasses } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import {
  FieldErrors,
  InputField,
  SelectField,
  TextareaField,
  WHOLE_NUMBER_INPUT,
} from "@client/components/ui/field";
import type { OpportunityInput } from "@client/features/opportunities/api";
import { CopyShareLinkButton } from "@client/features/share";
import { fieldErrorsOf } from "@client/lib/api-client";
import {
  DURATION_LABELS,
  STATUS_LABELS,
  TYPE_LABELS,
  VISIBILITY_LABELS,
} from "@client/lib/opportunity-labels";
import { paths } from "@client/lib/paths";
import {
  DURATIONS,
  OPPORTUNITY_STATUSES,
  OPPORTUNITY_TYPES,
  VERIFICATION_MODES,
  type VerificationMode,
  VISIBILITIES,
} from "@shared/domain/enums";
import {
  AUTO_APPROVE_MAX_HOURS,
  NAME_MAX_LENGTH,
  SHORT_DESCRIPTION_MAX,
  TITLE_MAX,
} from "@shared/domain/limits";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import {
  type OpportunityFormValues,
  toOpportunityInput,
  verificationProblem,
} from "./opportunity-form-values";
import { OpportunityPreview } from "./opportunity-preview";
import { SkillChips } from "./skill-chips";

interface OpportunityFormProps {
  initialValues: OpportunityFormValues;
  submitLabel: string;
  isPending: boolean;
  /** Sends the opportunity; rejects with the server's error, whose field errors are then shown. */
  onSubmit: (input: OpportunityInput) => Promise<unknown>;
  /** The saved opportunity's share link (edit page, admins): offered while the visibility is private. */
  share?: { id: number; shareToken: string };
}

type TextField = Exclude<keyof OpportunityFormValues, "skills" | "studentNamesSupervisor">;

/** The create and edit form: three sections, a live preview and the Create/Update and Cancel buttons. */
export function OpportunityForm({
  initialValues,
  submitLabel,
  isPending,
  onSubmit,
  share,
}: OpportunityFormProps) {
  const formId = useId();
  const shareHintId = useId();
  const [values, setValues] = useState(initialValues);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  function change<K extends keyof OpportunityFormValues>(field: K, value: OpportunityFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    // The server's complaint about a field no longer applies once it is edited.
    setFieldErrors((current) => ({ ...current, [field]: [] }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = toOpportunityInput(values);
    // The server refuses these too; saying so here saves a round trip and names the field.
    const problem = verificationProblem(input);
    if (problem) {
      setFieldErrors({ [problem.field]: [problem.message] });
      return;
    }
    setFieldErrors({});
    try {
      await onSubmit(input);
    } catch (error) {
      setFieldErrors(fieldErrorsOf(error));
    }
  }

  /** The props every control's Field shares: its name, value, change handler and the server's errors. */
  const bind = (field: TextField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      change(field, event.target.value as OpportunityFormValues[typeof field]),
    errors: fieldErrors[field],
  });

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form id={formId} onSubmit={submit} className="grid min-w-0 gap-6 lg:col-start-1">
        <FormSection title="Basic Information">
          <InputField label="Title" {...bind("title")} required maxLength={TITLE_MAX} />
          <TextareaField
            label="Short description"
            hint={`${values.shortDescription.length}/${SHORT_DESCRIPTION_MAX}`}
            {...bind("shortDescription")}
            required
            maxLength={SHORT_DESCRIPTION_MAX}
          />
          <TextareaField label="Full description" {...bind("fullDescription")} required rows={6} />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              label="Type"
              {...bind("type")}
              options={OPPORTUNITY_TYPES}
              optionLabels={TYPE_LABELS}
            />
            <SelectField
              label="Duration"
              {...bind("duration")}
              options={DURATIONS}
              optionLabels={DURATION_LABELS}
            />
          </div>
          {values.duration === "custom" && (
            <InputField
              label="Custom duration"
              hint="How long the commitment lasts, e.g. “Every Saturday for 3 months”."
              {...bind("customDuration")}
              required
              maxLength={200}
            />
          )}
          <SkillChips
            selected={values.skills}
            onChange={(skills) => change("skills", skills)}
            errors={fieldErrors.skills}
          />
        </FormSection>

        <FormSection title="Details and Logistics">
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField label="Location" {...bind("location")} maxLength={200} />
            <InputField
              label="Schedule"
              hint="e.g. Saturdays, 10:00–12:00"
              {...bind("schedule")}
              maxLength={200}
            />
            <InputField
              label="Starts"
              hint="Optional. India time (IST)."
              {...bind("startsAt")}
              type="datetime-local"
            />
            <InputField
              label="Ends"
              hint="Optional; needs a start. India time (IST)."
              {...bind("endsAt")}
              type="datetime-local"
            />
            <InputField
              label="Capacity"
              hint="Places for students; empty means unlimited."
              {...bind("capacity")}
              {...WHOLE_NUMBER_INPUT}
            />
            <InputField
              label="Total required hours"
              hint="Whole hours for the whole opportunity; may be empty."
              {...bind("totalRequiredHours")}
              {...WHOLE_NUMBER_INPUT}
            />
            <InputField
              label="Coins per hour"
              hint="At least 1."
              {...bind("coinsPerHour")}
              {...WHOLE_NUMBER_INPUT}
            />
            <InputField
              label="Maximum coins"
              hint="The most one student can earn here."
              {...bind("maxCoins")}
              {...WHOLE_NUMBER_INPUT}
            />
            <InputField label="Contact e-mail" {...bind("contactEmail")} type="email" autoComplete="off" />
            <InputField label="Contact phone" {...bind("contactPhone")} type="tel" autoComplete="off" />
          </div>
          <InputField
            label="Image URL"
            hint="An http(s) link to a picture. Without one, students see an illustration."
            {...bind("imageUrl")}
            type="url"
            placeholder="https://"
          />
        </FormSection>

        <FormSection title="Verification">
          <VerificationFields
            values={values}
            fieldErrors={fieldErrors}
            bind={bind}
            onVerificationChange={(mode) => change("verification", mode)}
            onStudentsNameChange={(checked) => change("studentNamesSupervisor", checked)}
          />
        </FormSection>

        <FormSection title="Publishing Options">
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              label="Status"
              {...bind("status")}
              options={OPPORTUNITY_STATUSES}
              optionLabels={STATUS_LABELS}
            />
            <SelectField
              label="Visibility"
              {...bind("visibility")}
              options={VISIBILITIES}
              optionLabels={VISIBILITY_LABELS}
            />
          </div>
          {share && values.visibility === "private" && (
            <div className="flex flex-col gap-3 rounded-xl bg-stone-100 p-4 sm:flex-row sm:items-center sm:justify-between">
              <p id={shareHintId} className="text-sm text-stone-700">
                Students find a private opportunity only through its share link.
              </p>
              <CopyShareLinkButton
                id={share.id}
                shareToken={share.shareToken}
                aria-describedby={shareHintId}
                className="shrink-0"
              />
            </div>
          )}
        </FormSection>
      </form>

      <aside className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
        <OpportunityPreview values={values} />
      </aside>

      {/* After the preview in the page order, so on phones the preview is seen before submitting. */}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end lg:col-start-1 lg:row-start-2">
        <Link to={paths.adminOpportunities} className={buttonClasses("outline", "lg")}>
          Cancel
        </Link>
        <Button type="submit" form={formId} size="lg" isPending={isPending}>
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}

interface VerificationFieldsProps {
  values: OpportunityFormValues;
  fieldErrors: Record<string, string[]>;
  bind: (field: TextField) => {
    name: string;
    value: string;
    onChange: (event: { target: { value: string } }) => void;
    errors: string[] | undefined;
  };
  onVerificationChange: (mode: VerificationMode) => void;
  onStudentsNameChange: (checked: boolean) => void;
}

const VERIFICATION_LABELS: Record<VerificationMode, { label: string; hint: string }> = {
  none: { label: "None", hint: "An admin reviews the hours students submit." },
  supervisor: {
    label: "On-site supervisor",
    hint: "The supervisor gets an e-mail to confirm or dispute each submission before an admin decides.",
  },
};

/**
 * Who vouches for the hours (docs/product-rules.md §10): nobody, or the on-site supervisor, named here or by each
 * student; and the hours up to which a confirmed submission is approved without an admin.
 */
function VerificationFields({
  values,
  fieldErrors,
  bind,
  onVerificationChange,
  onStudentsNameChange,
}: VerificationFieldsProps) {
  const radioName = useId();
  const studentsNameId = useId();
  const studentsNameHintId = useId();
  const modeErrorId = useId();
  return (
    <>
      <fieldset
        className="grid gap-2"
        aria-describedby={fieldErrors.verification?.length ? modeErrorId : undefined}
      >
        <legend className="mb-1 font-medium text-sm text-stone-800">Hours are verified by</legend>
        {VERIFICATION_MODES.map((mode) => (
          <label
            key={mode}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-300 p-3 has-checked:border-saffron-700 has-checked:bg-saffron-50"
          >
            <input
              type="radio"
              name={radioName}
              value={mode}
              checked={values.verification === mode}
              onChange={() => onVerificationChange(mode)}
              className="mt-0.5 size-4 shrink-0 accent-saffron-700"
            />
            <span className="grid gap-0.5">
              <span className="font-medium text-sm text-stone-900">{VERIFICATION_LABELS[mode].label}</span>
              <span className="text-stone-600 text-xs">{VERIFICATION_LABELS[mode].hint}</span>
            </span>
          </label>
        ))}
        <FieldErrors id={modeErrorId} errors={fieldErrors.verification} />
      </fieldset>
      {values.verification === "supervisor" && (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              label="Supervisor's name"
              {...bind("supervisorName")}
              autoComplete="off"
              maxLength={NAME_MAX_LENGTH}
            />
            <InputField
              label="Supervisor's e-mail"
              hint="Each submission's link goes here, unless students name their own."
              {...bind("supervisorEmail")}
              type="email"
              autoComplete="off"
            />
          </div>
          <div className="flex items-start gap-3">
            <input
              id={studentsNameId}
              type="checkbox"
              aria-describedby={studentsNameHintId}
              checked={values.studentNamesSupervisor}
              onChange={(event) => onStudentsNameChange(event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-saffron-700"
            />
            <div className="grid gap-0.5">
              <label htmlFor={studentsNameId} className="font-medium text-sm text-stone-800">
                Students name their own supervisor
              </label>
              <p id={studentsNameHintId} className="text-stone-600 text-xs">
                Each student gives their supervisor's name and e-mail when submitting hours.
              </p>
            </div>
          </div>
          <InputField
            label="Approve automatically up to … hours once the supervisor confirms"
            hint={`Optional, 1–${AUTO_APPROVE_MAX_HOURS}. Empty: an admin always decides.`}
            {...bind("autoApproveMaxHours")}
            {...WHOLE_NUMBER_INPUT}
            max={AUTO_APPROVE_MAX_HOURS}
          />
        </>
      )}
      {values.verification === "none" && fieldErrors.autoApproveMaxHours?.length ? (
        <FieldErrors id={`${modeErrorId}-auto`} errors={fieldErrors.autoApproveMaxHours} />
      ) : null}
    </>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId} className="grid gap-5">
        <h2 id={headingId} className="font-semibold text-lg text-stone-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

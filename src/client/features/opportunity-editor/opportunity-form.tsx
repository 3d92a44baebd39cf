import { Button, buttonClasses } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { InputField, SelectField, TextareaField, WHOLE_NUMBER_INPUT } from "@client/components/ui/field";
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
import { DURATIONS, OPPORTUNITY_STATUSES, OPPORTUNITY_TYPES, VISIBILITIES } from "@shared/domain/enums";
import { SHORT_DESCRIPTION_MAX, TITLE_MAX } from "@shared/domain/limits";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { type OpportunityFormValues, toOpportunityInput } from "./opportunity-form-values";
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

type TextField = Exclude<keyof OpportunityFormValues, "skills">;

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
    setFieldErrors({});
    try {
      await onSubmit(toOpportunityInput(values));
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

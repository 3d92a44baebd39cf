import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import {
  DURATIONS,
  OPPORTUNITY_STATUSES,
  OPPORTUNITY_TYPES,
  VISIBILITIES,
} from "../../../shared/domain/enums";
import { SHORT_DESCRIPTION_MAX, TITLE_MAX } from "../../../shared/domain/limits";
import { paths } from "../../app/paths";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field, Input, NativeSelect } from "../../components/ui/field";
import { Textarea } from "../../components/ui/textarea";
import { fieldErrorsOf } from "../../lib/api-client";
import type { OpportunityInput } from "./api";
import { DURATION_LABELS, STATUS_LABELS, TYPE_LABELS, VISIBILITY_LABELS } from "./labels";
import { type OpportunityFormValues, toOpportunityInput } from "./opportunity-form-values";
import { OpportunityPreview } from "./opportunity-preview";
import { SkillChips } from "./skill-chips";

interface OpportunityFormProps {
  initialValues: OpportunityFormValues;
  submitLabel: string;
  isPending: boolean;
  /** Sends the opportunity; rejects with the server's error, whose field errors are then shown. */
  onSubmit: (input: OpportunityInput) => Promise<unknown>;
}

type TextField = Exclude<keyof OpportunityFormValues, "skills">;

/** The create and edit form: three sections, a live preview and the Create/Update and Cancel buttons. */
export function OpportunityForm({ initialValues, submitLabel, isPending, onSubmit }: OpportunityFormProps) {
  const formId = useId();
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

  /** The props every text-like control shares: its value, its change handler and its server errors. */
  const bind = (field: TextField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      change(field, event.target.value as OpportunityFormValues[typeof field]),
  });

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form id={formId} onSubmit={submit} className="grid min-w-0 gap-6 lg:col-start-1">
        <FormSection title="Basic Information">
          <Field label="Title" errors={fieldErrors.title}>
            {(control) => <Input {...control} {...bind("title")} required maxLength={TITLE_MAX} />}
          </Field>
          <Field
            label="Short description"
            hint={`${values.shortDescription.length}/${SHORT_DESCRIPTION_MAX}`}
            errors={fieldErrors.shortDescription}
          >
            {(control) => (
              <Textarea
                {...control}
                {...bind("shortDescription")}
                required
                maxLength={SHORT_DESCRIPTION_MAX}
              />
            )}
          </Field>
          <Field label="Full description" errors={fieldErrors.fullDescription}>
            {(control) => <Textarea {...control} {...bind("fullDescription")} required rows={6} />}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Type" errors={fieldErrors.type}>
              {(control) => (
                <NativeSelect {...control} {...bind("type")}>
                  {OPPORTUNITY_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {TYPE_LABELS[type]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Duration" errors={fieldErrors.duration}>
              {(control) => (
                <NativeSelect {...control} {...bind("duration")}>
                  {DURATIONS.map((duration) => (
                    <option key={duration} value={duration}>
                      {DURATION_LABELS[duration]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
          {values.duration === "custom" && (
            <Field
              label="Custom duration"
              hint="How long the commitment lasts, e.g. “Every Saturday for 3 months”."
              errors={fieldErrors.customDuration}
            >
              {(control) => <Input {...control} {...bind("customDuration")} required maxLength={200} />}
            </Field>
          )}
          <SkillChips
            selected={values.skills}
            onChange={(skills) => change("skills", skills)}
            errors={fieldErrors.skills}
          />
        </FormSection>

        <FormSection title="Details and Logistics">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Location" errors={fieldErrors.location}>
              {(control) => <Input {...control} {...bind("location")} maxLength={200} />}
            </Field>
            <Field label="Schedule" hint="e.g. Saturdays, 10:00–12:00" errors={fieldErrors.schedule}>
              {(control) => <Input {...control} {...bind("schedule")} maxLength={200} />}
            </Field>
            <Field
              label="Capacity"
              hint="Places for students; empty means unlimited."
              errors={fieldErrors.capacity}
            >
              {(control) => (
                <Input
                  {...control}
                  {...bind("capacity")}
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                />
              )}
            </Field>
            <Field
              label="Total required hours"
              hint="Whole hours for the whole opportunity; may be empty."
              errors={fieldErrors.totalRequiredHours}
            >
              {(control) => (
                <Input
                  {...control}
                  {...bind("totalRequiredHours")}
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                />
              )}
            </Field>
            <Field label="Coins per hour" hint="At least 1." errors={fieldErrors.coinsPerHour}>
              {(control) => (
                <Input
                  {...control}
                  {...bind("coinsPerHour")}
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                />
              )}
            </Field>
            <Field
              label="Maximum coins"
              hint="The most one student can earn here."
              errors={fieldErrors.maxCoins}
            >
              {(control) => (
                <Input
                  {...control}
                  {...bind("maxCoins")}
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                />
              )}
            </Field>
            <Field label="Contact e-mail" errors={fieldErrors.contactEmail}>
              {(control) => <Input {...control} {...bind("contactEmail")} type="email" autoComplete="off" />}
            </Field>
            <Field label="Contact phone" errors={fieldErrors.contactPhone}>
              {(control) => <Input {...control} {...bind("contactPhone")} type="tel" autoComplete="off" />}
            </Field>
          </div>
          <Field
            label="Image URL"
            hint="An http(s) link to a picture. Without one, students see an illustration."
            errors={fieldErrors.imageUrl}
          >
            {(control) => <Input {...control} {...bind("imageUrl")} type="url" placeholder="https://" />}
          </Field>
        </FormSection>

        <FormSection title="Publishing Options">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Status" errors={fieldErrors.status}>
              {(control) => (
                <NativeSelect {...control} {...bind("status")}>
                  {OPPORTUNITY_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {STATUS_LABELS[status]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Visibility" errors={fieldErrors.visibility}>
              {(control) => (
                <NativeSelect {...control} {...bind("visibility")}>
                  {VISIBILITIES.map((visibility) => (
                    <option key={visibility} value={visibility}>
                      {VISIBILITY_LABELS[visibility]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
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

import { cn } from "@client/lib/cn";
import { type ComponentProps, type ReactNode, useId } from "react";
import { Textarea } from "./textarea";

const controlClasses = cn(
  "block w-full rounded-lg border border-stone-500 bg-white px-3 py-2 text-base text-stone-900 shadow-xs sm:text-sm",
  "placeholder:text-stone-500",
  "aria-invalid:border-red-700",
);

interface FieldProps {
  label: string;
  /** Short help shown under the control. */
  hint?: ReactNode;
  /** Messages from the server or from a client check; the control is marked invalid while there are any. */
  errors?: readonly string[] | undefined;
  /** Renders the control with the ids that tie it to its label, hint and errors. */
  children: (control: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
  className?: string;
}

/** A labelled form control with an optional hint and error list, wired up for screen readers. */
export function Field({ label, hint, errors, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasErrors = Boolean(errors?.length);
  const describedBy = [hint ? hintId : undefined, hasErrors ? errorId : undefined].filter(Boolean).join(" ");

  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <label htmlFor={id} className="font-medium text-sm text-stone-800">
        {label}
      </label>
      {children({
        id,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(hasErrors ? { "aria-invalid": true as const } : {}),
      })}
      {hint && (
        <p id={hintId} className="text-stone-600 text-xs">
          {hint}
        </p>
      )}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/**
 * A control's error messages, shown under it; `id` is what the control's aria-describedby names. The polite live
 * region is there before any message, so a message that appears while the person types is announced
 * (WCAG 4.1.3); when empty it takes back the grid gap it would add.
 */
export function FieldErrors({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  return (
    <div aria-live="polite" className="empty:-mt-1.5">
      {errors?.length ? (
        <ul id={id} className="grid gap-0.5 text-red-700 text-sm">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function Input({ className, ...props }: ComponentProps<"input">) {
  // Styled here, not in controlClasses: a <select> always matches :read-only.
  return (
    <input
      className={cn(controlClasses, "read-only:bg-stone-100 read-only:text-stone-700", className)}
      {...props}
    />
  );
}

export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(controlClasses, "pr-8", className)} {...props} />;
}

/** What a Field says around its control; the *Field shorthands below pass every other prop to the control. */
type FieldText = Pick<FieldProps, "label" | "hint" | "errors">;

/** The props of an Input for a whole number from 1 (places, hours, coins), with the numeric keypad on phones. */
export const WHOLE_NUMBER_INPUT = { type: "number", min: 1, step: 1, inputMode: "numeric" } as const;

/** A Field holding one Input. */
export function InputField({ label, hint, errors, ...input }: FieldText & ComponentProps<"input">) {
  return (
    <Field label={label} hint={hint} errors={errors}>
      {(control) => <Input {...control} {...input} />}
    </Field>
  );
}

/** A Field holding one Textarea. */
export function TextareaField({ label, hint, errors, ...textarea }: FieldText & ComponentProps<"textarea">) {
  return (
    <Field label={label} hint={hint} errors={errors}>
      {(control) => <Textarea {...control} {...textarea} />}
    </Field>
  );
}

interface SelectFieldProps<Value extends string> extends FieldText, ComponentProps<"select"> {
  /** One option each, in this order, after any options given as children (such as a disabled prompt). */
  options: readonly Value[];
  optionLabels: Record<Value, string>;
}

/** A Field holding a NativeSelect of a fixed vocabulary. */
export function SelectField<Value extends string>({
  label,
  hint,
  errors,
  options,
  optionLabels,
  children,
  ...select
}: SelectFieldProps<Value>) {
  return (
    <Field label={label} hint={hint} errors={errors}>
      {(control) => (
        <NativeSelect {...control} {...select}>
          {children}
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabels[option]}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

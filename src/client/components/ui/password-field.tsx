import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { Field, Input } from "./field";

type PasswordFieldProps = Pick<ComponentProps<typeof Field>, "label" | "hint" | "errors"> &
  Omit<ComponentProps<"input">, "type">;

/**
 * A password Field with a button that shows or hides what was typed. The button's name comes from its text (not
 * aria-label), so finding the control by its label "Password" still finds only the input.
 */
export function PasswordField({ label, hint, errors, className, ...input }: PasswordFieldProps) {
  const [isShown, setShown] = useState(false);
  const Icon = isShown ? EyeOff : Eye;
  return (
    <Field label={label} hint={hint} errors={errors} className={className}>
      {(control) => (
        <div className="relative">
          <Input {...control} {...input} type={isShown ? "text" : "password"} className="pr-11" />
          <button
            type="button"
            aria-pressed={isShown}
            onClick={() => setShown(!isShown)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-stone-600 hover:text-stone-900"
          >
            <Icon aria-hidden className="size-4" />
            <span className="sr-only">{isShown ? "Hide password" : "Show password"}</span>
          </button>
        </div>
      )}
    </Field>
  );
}

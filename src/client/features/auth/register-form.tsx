import { Button } from "@client/components/ui/button";
import { InputField, SelectField } from "@client/components/ui/field";
import { FormAlert } from "@client/components/ui/form-alert";
import { errorMessage, fieldErrorsOf, NetworkError } from "@client/lib/api-client";
import { toast, toastFailure } from "@client/lib/toast";
import type { RegisterBody } from "@shared/contract/auth";
import { PROGRAM_LABELS, PROGRAMS, type Program } from "@shared/domain/enums";
import { type FormEvent, useState } from "react";
import { useRegister } from "./api";

export interface Registration {
  email: string;
  /** Absent when the server e-mailed the password instead (outgoing mail configured). */
  tempPassword?: string | undefined;
  message: string;
}

type FormValues = Omit<RegisterBody, "role" | "program"> & { program: Program | "" };
type FieldName = keyof FormValues;

const emptyForm: FormValues = { firstName: "", lastName: "", email: "", program: "" };

export function RegisterForm({ onRegistered }: { onRegistered: (registration: Registration) => void }) {
  const register = useRegister();
  const [values, setValues] = useState(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function change(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // The server's complaint about a field no longer applies once it is edited.
    setFieldErrors((current) => ({ ...current, [field]: [] }));
  }

  /** A control's name, value and change handler, with the server's errors for its Field. */
  const bind = (field: FieldName) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    errors: fieldErrors[field],
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.program) return;
    setFieldErrors({});
    setFailure(null);
    register.mutate(
      // The server creates students only; the role is sent because the spec's API expects it
      // (docs/product-spec.md §7).
      { ...values, program: values.program, role: "student" },
      {
        onSuccess: ({ tempPassword, message }) => {
          // The server's message may repeat the password; the panel shows it once, so the toast stays short.
          // By e-mail the answer is the same for a taken address as for a free one (ADR 0033): it says only
          // where to look next, never that an account was made.
          toast({
            title: "Registration Successful!",
            description: tempPassword
              ? "Your account has been created."
              : "Check your inbox for what to do next.",
          });
          onRegistered({ email: values.email.trim(), tempPassword, message });
        },
        onError: (error) => {
          setFieldErrors(fieldErrorsOf(error));
          // Next to the form as well as in the toast, which disappears (a taken e-mail is a 409 with no field).
          setFailure(
            error instanceof NetworkError ? error.message : errorMessage(error, "Unable to create account"),
          );
          toastFailure(error, "Registration Failed", "Unable to create account");
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-5">
      <FormAlert title="Registration failed" message={failure} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="First name" {...bind("firstName")} autoComplete="given-name" required />
        <InputField label="Last name" {...bind("lastName")} autoComplete="family-name" required />
      </div>
      <InputField
        label="Institutional e-mail"
        hint="Institutional e-mail only, e.g. name@iimb.ac.in"
        {...bind("email")}
        type="email"
        autoComplete="email"
        required
      />
      <SelectField
        label="Program"
        {...bind("program")}
        required
        options={PROGRAMS}
        optionLabels={PROGRAM_LABELS}
      >
        <option value="" disabled>
          Select your program
        </option>
      </SelectField>
      <Button type="submit" size="lg" isPending={register.isPending}>
        Create Account
      </Button>
    </form>
  );
}

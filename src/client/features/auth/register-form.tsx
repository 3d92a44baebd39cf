import { type FormEvent, useState } from "react";
import type { RegisterBody } from "../../../shared/contract/auth";
import { PROGRAM_LABELS, PROGRAMS, type Program } from "../../../shared/domain/enums";
import { Button } from "../../components/ui/button";
import { Field, Input, NativeSelect } from "../../components/ui/field";
import { fieldErrorsOf } from "../../lib/api-client";
import { toast, toastFailure } from "../../lib/toast";
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

  function change(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // The server's complaint about a field no longer applies once it is edited.
    setFieldErrors((current) => ({ ...current, [field]: [] }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.program) return;
    setFieldErrors({});
    register.mutate(
      // The server creates students only; the role is sent because the spec's API expects it.
      { ...values, program: values.program, role: "student" },
      {
        onSuccess: ({ tempPassword, message }) => {
          // The server's message may repeat the password; the panel shows it once, so the toast stays short.
          toast({ title: "Registration Successful!", description: "Your account has been created." });
          onRegistered({ email: values.email.trim(), tempPassword, message });
        },
        onError: (error) => {
          setFieldErrors(fieldErrorsOf(error));
          toastFailure(error, "Registration Failed", "Unable to create account");
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" errors={fieldErrors.firstName}>
          {(control) => (
            <Input
              {...control}
              name="firstName"
              autoComplete="given-name"
              required
              value={values.firstName}
              onChange={(event) => change("firstName", event.target.value)}
            />
          )}
        </Field>
        <Field label="Last name" errors={fieldErrors.lastName}>
          {(control) => (
            <Input
              {...control}
              name="lastName"
              autoComplete="family-name"
              required
              value={values.lastName}
              onChange={(event) => change("lastName", event.target.value)}
            />
          )}
        </Field>
      </div>
      <Field
        label="Institutional e-mail"
        hint="Institutional e-mail only, e.g. name@iimb.ac.in"
        errors={fieldErrors.email}
      >
        {(control) => (
          <Input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(event) => change("email", event.target.value)}
          />
        )}
      </Field>
      <Field label="Program" errors={fieldErrors.program}>
        {(control) => (
          <NativeSelect
            {...control}
            name="program"
            required
            value={values.program}
            onChange={(event) => change("program", event.target.value)}
          >
            <option value="" disabled>
              Select your program
            </option>
            {PROGRAMS.map((program) => (
              <option key={program} value={program}>
                {PROGRAM_LABELS[program]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Button type="submit" size="lg" isPending={register.isPending}>
        Create Account
      </Button>
    </form>
  );
}

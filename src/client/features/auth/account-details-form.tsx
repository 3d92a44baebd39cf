import { Button } from "@client/components/ui/button";
import { InputField, SelectField } from "@client/components/ui/field";
import { fieldErrorsOf } from "@client/lib/api-client";
import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import type { CurrentUser } from "@shared/contract/auth";
import { PROGRAM_LABELS, PROGRAMS, type Program } from "@shared/domain/enums";
import { type FormEvent, useState } from "react";
import { useUpdateProfile } from "./api";

export function AccountDetailsForm({ user }: { user: CurrentUser }) {
  const updateProfile = useUpdateProfile();
  const handleLoggedOut = useHandleLoggedOut();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [program, setProgram] = useState<Program | "">(user.program ?? "");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    setFieldErrors({});
    updateProfile.mutate(
      { firstName, lastName, program: program || null },
      {
        onSuccess: () => toast({ title: "Profile Updated", description: "Your details have been saved." }),
        onError: (error) => {
          if (handleLoggedOut(error)) return;
          setFieldErrors(fieldErrorsOf(error));
          toastFailure(error, "Update Failed", "Your details could not be saved");
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-5">
      <InputField
        label="E-mail"
        hint="Your institutional e-mail cannot be changed."
        type="email"
        value={user.email}
        readOnly
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="First name"
          errors={fieldErrors.firstName}
          autoComplete="given-name"
          required
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
        />
        <InputField
          label="Last name"
          errors={fieldErrors.lastName}
          autoComplete="family-name"
          required
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
        />
      </div>
      <SelectField
        label="Program"
        errors={fieldErrors.program}
        value={program}
        onChange={(event) => setProgram(event.target.value as Program | "")}
        options={PROGRAMS}
        optionLabels={PROGRAM_LABELS}
      >
        <option value="">Program not set</option>
      </SelectField>
      <Button type="submit" className="justify-self-start" isPending={updateProfile.isPending}>
        Save Changes
      </Button>
    </form>
  );
}

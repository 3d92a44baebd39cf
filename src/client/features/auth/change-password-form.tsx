import { Button } from "@client/components/ui/button";
import { PasswordField } from "@client/components/ui/password-field";
import { fieldErrorsOf } from "@client/lib/api-client";
import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import { PASSWORD_MIN_LENGTH } from "@shared/domain/limits";
import { type FormEvent, useState } from "react";
import { useChangePassword } from "./api";

const emptyForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

const newPasswordInput = {
  autoComplete: "new-password",
  required: true,
  minLength: PASSWORD_MIN_LENGTH,
} as const;

export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const handleLoggedOut = useHandleLoggedOut();
  const [values, setValues] = useState(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  function change(field: keyof typeof emptyForm, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: [] }));
  }

  /** A password control's value and change handler, with the errors for its Field. */
  const bind = (field: keyof typeof emptyForm) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    errors: fieldErrors[field],
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (values.confirmPassword !== values.newPassword) {
      setFieldErrors({ confirmPassword: ["The new passwords do not match."] });
      return;
    }
    setFieldErrors({});
    changePassword.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(emptyForm);
          toast({ title: "Password Changed", description: "Use your new password next time you sign in." });
        },
        onError: (error) => {
          if (handleLoggedOut(error)) return;
          setFieldErrors(fieldErrorsOf(error));
          toastFailure(error, "Password Not Changed", "Your password could not be changed");
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-5">
      <PasswordField
        label="Current password"
        {...bind("currentPassword")}
        autoComplete="current-password"
        required
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PasswordField
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          {...bind("newPassword")}
          {...newPasswordInput}
        />
        <PasswordField label="Confirm new password" {...bind("confirmPassword")} {...newPasswordInput} />
      </div>
      <Button type="submit" className="justify-self-start" isPending={changePassword.isPending}>
        Change Password
      </Button>
    </form>
  );
}

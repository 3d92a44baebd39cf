import { Button } from "@client/components/ui/button";
import { FormAlert } from "@client/components/ui/form-alert";
import { PasswordField } from "@client/components/ui/password-field";
import { errorMessage, fieldErrorsOf, hasStatus, NetworkError } from "@client/lib/api-client";
import { paths } from "@client/lib/paths";
import { toast, toastFailure } from "@client/lib/toast";
import { PASSWORD_MIN_LENGTH } from "@shared/domain/limits";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { useResetPassword } from "./api";
import type { LoginLocationState } from "./login-form";

const emptyForm = { newPassword: "", confirmPassword: "" };

const newPasswordInput = {
  autoComplete: "new-password",
  required: true,
  minLength: PASSWORD_MIN_LENGTH,
} as const;

interface ResetPasswordFormProps {
  /** The e-mailed link's secret, read from the address once (the screen keeps it out of history). */
  token: string;
  /** The account the link is for, as the server's check answered it. */
  email: string;
  /** The server refused the link itself (used, expired, or replaced by a newer one): the screen says so. */
  onLinkInvalid: (message: string) => void;
}

/** Sets a new password with an e-mailed link, then sends the person to sign in with it. */
export function ResetPasswordForm({ token, email, onLinkInvalid }: ResetPasswordFormProps) {
  const resetPassword = useResetPassword(email);
  const navigate = useNavigate();
  const [values, setValues] = useState(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function change(field: keyof typeof emptyForm, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: [] }));
  }

  /** A password control's value and change handler, with the errors for its Field. */
  const bind = (field: keyof typeof emptyForm) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    errors: fieldErrors[field],
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (values.confirmPassword !== values.newPassword) {
      setFieldErrors({ confirmPassword: ["The passwords do not match"] });
      return;
    }
    setFieldErrors({});
    resetPassword.mutate(
      { token, newPassword: values.newPassword },
      {
        onSuccess: ({ message }) => {
          toast({ title: "Password Changed", description: message });
          const loginState: LoginLocationState = { email };
          void navigate(paths.login, { replace: true, state: loginState });
        },
        onError: (error) => {
          const errors = fieldErrorsOf(error);
          if (errors.newPassword?.length) {
            setFieldErrors({ newPassword: errors.newPassword });
            return;
          }
          // Any other 400 is about the link: used meanwhile, expired, or replaced by a newer request.
          if (hasStatus(error, 400)) {
            onLinkInvalid(errorMessage(error, "This reset link is not valid."));
            return;
          }
          setFailure(
            error instanceof NetworkError ? error.message : errorMessage(error, "Unable to set the password"),
          );
          toastFailure(error, "Password Not Changed", "Unable to set the password");
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-5">
      <FormAlert title="Password not changed" message={failure} />
      {/* Tells password managers which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label="New password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        {...bind("newPassword")}
        {...newPasswordInput}
      />
      <PasswordField label="Confirm new password" {...bind("confirmPassword")} {...newPasswordInput} />
      <Button type="submit" size="lg" isPending={resetPassword.isPending}>
        Set New Password
      </Button>
    </form>
  );
}

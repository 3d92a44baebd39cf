import { type FormEvent, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "../../../shared/domain/limits";
import { Button } from "../../components/ui/button";
import { Field, Input } from "../../components/ui/field";
import { fieldErrorsOf } from "../../lib/api-client";
import { toast, toastFailure } from "../../lib/toast";
import { useChangePassword } from "../auth/api";
import { useHandleLoggedOut } from "../auth/use-send-to-login";

const emptyForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const handleLoggedOut = useHandleLoggedOut();
  const [values, setValues] = useState(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  function change(field: keyof typeof emptyForm, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: [] }));
  }

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
      <Field label="Current password" errors={fieldErrors.currentPassword}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            required
            value={values.currentPassword}
            onChange={(event) => change("currentPassword", event.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          errors={fieldErrors.newPassword}
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              value={values.newPassword}
              onChange={(event) => change("newPassword", event.target.value)}
            />
          )}
        </Field>
        <Field label="Confirm new password" errors={fieldErrors.confirmPassword}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              value={values.confirmPassword}
              onChange={(event) => change("confirmPassword", event.target.value)}
            />
          )}
        </Field>
      </div>
      <Button type="submit" className="justify-self-start" isPending={changePassword.isPending}>
        Change Password
      </Button>
    </form>
  );
}

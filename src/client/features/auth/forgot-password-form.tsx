import { Button } from "@client/components/ui/button";
import { InputField } from "@client/components/ui/field";
import { FormAlert } from "@client/components/ui/form-alert";
import { errorMessage, fieldErrorsOf, NetworkError } from "@client/lib/api-client";
import { toastFailure } from "@client/lib/toast";
import { type FormEvent, useState } from "react";
import { useLocation } from "react-router";
import { useForgotPassword } from "./api";
import type { LoginLocationState } from "./login-form";

export interface ResetLinkRequest {
  email: string;
  /** The server's answer, the same whether or not the address has an account (docs/product-rules.md §9). */
  message: string;
}

/** Asks for a reset link; the e-mail typed on the sign-in form comes along in the location state. */
export function ForgotPasswordForm({ onSent }: { onSent: (request: ResetLinkRequest) => void }) {
  const forgotPassword = useForgotPassword();
  const location = useLocation();
  const [email, setEmail] = useState((location.state as LoginLocationState | null)?.email ?? "");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFieldErrors({});
    setFailure(null);
    forgotPassword.mutate(
      { email },
      {
        onSuccess: ({ message }) => onSent({ email: email.trim(), message }),
        onError: (error) => {
          setFieldErrors(fieldErrorsOf(error));
          // Next to the form as well as in the toast, which disappears (too many requests is a 429 with no field).
          setFailure(
            error instanceof NetworkError
              ? error.message
              : errorMessage(error, "Unable to send a reset link"),
          );
          toastFailure(error, "Reset Link Not Sent", "Unable to send a reset link");
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-5">
      <FormAlert title="Reset link not sent" message={failure} />
      <InputField
        label="Institutional e-mail"
        hint="We e-mail a link to set a new password. It works once, for 30 minutes."
        name="email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldErrors({});
        }}
        errors={fieldErrors.email}
      />
      <Button type="submit" size="lg" isPending={forgotPassword.isPending}>
        Send Reset Link
      </Button>
    </form>
  );
}

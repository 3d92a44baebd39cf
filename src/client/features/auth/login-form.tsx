import { Button } from "@client/components/ui/button";
import { InputField } from "@client/components/ui/field";
import { FormAlert } from "@client/components/ui/form-alert";
import { PasswordField } from "@client/components/ui/password-field";
import { errorMessage, NetworkError } from "@client/lib/api-client";
import { paths } from "@client/lib/paths";
import { toast, toastFailure } from "@client/lib/toast";
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "react-router";
import { useLogin } from "./api";

/**
 * The e-mail typed so far, handed between the sign-in pages: registration and a password reset hand it to the
 * sign-in form, which hands it to 'Forgot password?', so nobody types it twice.
 */
export interface LoginLocationState {
  email?: string;
}

/**
 * `administratorsOnly`: passwords are off on this server (PASSWORD_LOGIN=false) but for the administrator accounts
 * made on it (break-glass): no temporary password to explain, and no reset, which would set a password nobody else
 * can use.
 */
export function LoginForm({ administratorsOnly = false }: { administratorsOnly?: boolean }) {
  const login = useLogin();
  const location = useLocation();
  const [email, setEmail] = useState((location.state as LoginLocationState | null)?.email ?? "");
  const [password, setPassword] = useState("");
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    // On success the sign-in route notices the new user and moves on (see VisitorOnly), unmounting this
    // form; a promise, unlike per-call callbacks, still settles after that.
    login.mutateAsync({ email, password }).then(
      (user) =>
        // A new account's first sign-in is no return (ADR 0025); everyone else gets the spec's 'Welcome back!'.
        toast({ title: user?.firstSignIn ? "Welcome!" : "Welcome back!", description: "You are signed in." }),
      (error: unknown) => {
        setFailure(
          error instanceof NetworkError ? error.message : errorMessage(error, "Invalid credentials"),
        );
        toastFailure(error, "Login Failed", "Invalid credentials");
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-5">
      <FormAlert title="Login failed" message={failure} />
      <InputField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <div className="grid gap-2">
        <PasswordField
          label="Password"
          hint={
            administratorsOnly
              ? "Only for administrator accounts set up on the server."
              : "First time here? Use the temporary password from your registration (shown on screen or e-mailed to you). You can change it later in your profile."
          }
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {/* After the field, so the tab order goes e-mail, password, then here (not between the two). */}
        {!administratorsOnly && (
          <Link
            to={paths.forgotPassword}
            state={{ email: email.trim() } satisfies LoginLocationState}
            className="justify-self-end rounded font-semibold text-saffron-800 text-sm underline-offset-2 hover:underline"
          >
            Forgot password?
          </Link>
        )}
      </div>
      <Button type="submit" size="lg" isPending={login.isPending}>
        Sign In
      </Button>
    </form>
  );
}

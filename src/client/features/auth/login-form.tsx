import { Button } from "@client/components/ui/button";
import { InputField } from "@client/components/ui/field";
import { toast, toastFailure } from "@client/lib/toast";
import { type FormEvent, useState } from "react";
import { useLocation } from "react-router";
import { useLogin } from "./api";

/** Registration hands over the e-mail so the person only has to paste the temporary password. */
export interface LoginLocationState {
  email?: string;
}

export function LoginForm() {
  const login = useLogin();
  const location = useLocation();
  const [email, setEmail] = useState((location.state as LoginLocationState | null)?.email ?? "");
  const [password, setPassword] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    // On success the sign-in route notices the new user and moves on (see VisitorOnly), unmounting this
    // form; a promise, unlike per-call callbacks, still settles after that.
    login.mutateAsync({ email, password }).then(
      () => toast({ title: "Welcome back!", description: "You are signed in." }),
      (error: unknown) => toastFailure(error, "Login Failed", "Invalid credentials"),
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-5">
      <InputField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <InputField
        label="Password"
        hint="First time here? Use the temporary password from your registration (shown on screen or e-mailed to you). You can change it later in your profile."
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" size="lg" isPending={login.isPending}>
        Sign In
      </Button>
    </form>
  );
}

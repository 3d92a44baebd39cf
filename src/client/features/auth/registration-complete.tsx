import { Button, buttonClasses } from "@client/components/ui/button";
import { paths } from "@client/lib/paths";
import { Check, Copy, MailCheck } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { LoginLocationState } from "./login-form";
import type { Registration } from "./register-form";

/** Shown once after registering: the temporary password to copy, or the note to check the inbox. */
export function RegistrationComplete({ registration }: { registration: Registration }) {
  const loginState: LoginLocationState = { email: registration.email };

  return (
    <div className="grid gap-6">
      {registration.tempPassword ? (
        <TemporaryPassword password={registration.tempPassword} />
      ) : (
        <p className="flex gap-3 rounded-xl bg-indigo-50 p-4 text-indigo-950">
          <MailCheck aria-hidden className="size-5 shrink-0 text-indigo-700" />
          {registration.message}
        </p>
      )}
      <Link to={paths.login} state={loginState} className={buttonClasses("primary", "lg")}>
        Go to Sign In
      </Link>
    </div>
  );
}

const statusMessages = {
  idle: "It is shown only this once. Keep it somewhere safe until you have signed in.",
  copied: "Copied to the clipboard. Keep it somewhere safe until you have signed in.",
  manual: "Copying is blocked here: the password is selected, press Ctrl+C (⌘C on a Mac).",
} as const;

function TemporaryPassword({ password }: { password: string }) {
  const passwordRef = useRef<HTMLElement>(null);
  const [copyState, setCopyState] = useState<keyof typeof statusMessages>("idle");

  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      setCopyState("copied");
    } catch {
      // No clipboard access (permissions, insecure origin): select the text so Ctrl+C works.
      const selection = window.getSelection();
      if (passwordRef.current && selection) selection.selectAllChildren(passwordRef.current);
      setCopyState("manual");
    }
  }

  return (
    <div className="grid gap-3">
      <p className="text-stone-800">
        Your account is ready. Sign in with this temporary password, then change it in your profile settings.
      </p>
      <div className="grid gap-3 rounded-xl border border-saffron-200 bg-saffron-50 p-4">
        <div className="flex items-center justify-between gap-3">
          <span className="font-medium text-sm text-stone-800">Temporary password</span>
          <Button variant="outline" size="sm" onClick={copy}>
            {copyState === "copied" ? (
              <Check aria-hidden className="size-4" />
            ) : (
              <Copy aria-hidden className="size-4" />
            )}
            {copyState === "copied" ? "Copied" : "Copy"}
            <span className="sr-only"> temporary password</span>
          </Button>
        </div>
        <code
          ref={passwordRef}
          data-testid="temp-password"
          className="select-all break-all rounded-lg bg-white px-3 py-2.5 text-center font-mono text-lg text-stone-900 tracking-wide ring-1 ring-stone-200"
        >
          {password}
        </code>
        <p role="status" className="text-sm text-stone-700">
          {statusMessages[copyState]}
        </p>
      </div>
    </div>
  );
}

import { buttonClasses } from "@client/components/ui/button";
import { cn } from "@client/lib/cn";
import { SSO_START_PATH } from "@shared/domain/sso";
import { LogIn } from "lucide-react";

/**
 * 'Sign in with <name>': the institution's sign-in (docs/product-rules.md §13, ADR 0041). A plain link, not a
 * fetch: the server answers with a redirect to the provider, which the whole page must follow.
 */
export function InstitutionSignInLink({ name }: { name: string }) {
  return (
    <a href={SSO_START_PATH} className={cn(buttonClasses("secondary", "lg"), "w-full")}>
      <LogIn aria-hidden className="size-5" />
      {`Sign in with ${name}`}
    </a>
  );
}

/** The line between the institution's sign-in and the password form: two ways in, either one. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-sm text-stone-600">
      <span aria-hidden className="h-px flex-1 bg-stone-200" />
      or
      <span aria-hidden className="h-px flex-1 bg-stone-200" />
    </div>
  );
}

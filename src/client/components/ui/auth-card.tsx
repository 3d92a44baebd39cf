import { type ReactNode, useEffect, useRef } from "react";
import { Card } from "./card";

interface AuthCardProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Moves focus (and the scroll position) to the heading as the card appears, for a card that replaces
   * another one, so screen readers announce the change. */
  takeFocus?: boolean;
}

/** The centred card of the sign-in and registration screens. */
export function AuthCard({ title, description, children, footer, takeFocus = false }: AuthCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) headingRef.current?.focus();
  }, [takeFocus]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <title>{`${title} · Seva`}</title>
      <Card className="p-6 sm:p-8">
        <header className="mb-6 grid gap-2">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="font-bold text-2xl text-stone-900 tracking-tight outline-none"
          >
            {title}
          </h1>
          <div className="text-stone-700">{description}</div>
        </header>
        {children}
      </Card>
      {footer && <div className="mt-6 text-center text-sm text-stone-700">{footer}</div>}
    </div>
  );
}

import type { ReactNode } from "react";

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
}

/** The h1 of a screen and the document title that goes with it. */
export function PageHeader({ title, description }: PageHeaderProps) {
  return (
    <header className="mb-6 grid gap-1">
      <title>{`${title} · Seva`}</title>
      <h1 className="font-bold text-2xl text-stone-900 tracking-tight sm:text-3xl">{title}</h1>
      {description && <p className="text-stone-700">{description}</p>}
    </header>
  );
}

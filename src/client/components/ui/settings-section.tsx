import { type ReactNode, useId } from "react";
import { Card } from "./card";

interface SettingsSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** One titled block of the settings tab. */
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className="p-6">
        <div className="mb-5 grid gap-1">
          <h2 id={headingId} className="font-semibold text-lg text-stone-900">
            {title}
          </h2>
          {description && <p className="text-sm text-stone-700">{description}</p>}
        </div>
        {children}
      </Card>
    </section>
  );
}

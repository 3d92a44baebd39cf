import { Sprout } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "./card";

/** The placeholder of a screen or tab that a later release fills. */
export function ComingSoon({ children = "This screen is coming soon." }: { children?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-saffron-100 text-saffron-800">
        <Sprout aria-hidden className="size-6" />
      </span>
      <p className="text-stone-700">{children}</p>
    </Card>
  );
}

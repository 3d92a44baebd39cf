import type { CurrentUser } from "@shared/contract/auth";
import type { Celebration as CelebrationData } from "@shared/contract/notifications";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { celebrationQuery } from "./api";

const CelebrationCard = lazy(() =>
  import("./celebration-card").then((module) => ({ default: module.CelebrationCard })),
);

/**
 * A student who earned coins, a level or a badge since their last visit sees it once (issue 17): asked once per
 * page load; the card's code loads only when there is something to show.
 */
export function Celebration({ user }: { user: CurrentUser }) {
  const { data } = useQuery({ ...celebrationQuery, enabled: user.role === "student" });
  // Kept once shown: marking it seen empties the query, and the card stays until it is closed.
  const [shown, setShown] = useState<CelebrationData>(null);
  if (data && !shown) setShown(data);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <CelebrationCard celebration={shown} />
    </Suspense>
  );
}

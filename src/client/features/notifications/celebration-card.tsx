import { Button } from "@client/components/ui/button";
import { paths } from "@client/lib/paths";
import type { Celebration } from "@shared/contract/notifications";
import { Award, Coins, PartyPopper, TrendingUp, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { useCelebrationSeen } from "./api";

/** "You earned 45 coins · Level 3 · New badge: Helping Hand": the celebration in one line. */
export function celebrationText(celebration: NonNullable<Celebration>): string {
  const parts = [`You earned ${celebration.coinsSince} ${celebration.coinsSince === 1 ? "coin" : "coins"}`];
  if (celebration.levelReached !== null) parts.push(`Level ${celebration.levelReached}`);
  if (celebration.badges.length > 0) {
    const names = celebration.badges.map((badge) => badge.name).join(", ");
    parts.push(`${celebration.badges.length === 1 ? "New badge" : "New badges"}: ${names}`);
  }
  return parts.join(" · ");
}

/**
 * The celebration, shown once at the top of the page: marked seen as soon as it shows, so another tab or device
 * does not show it again. A card rather than a modal dialog, so it interrupts nothing the person came to do. Its
 * entrance moves only for people who have not asked for reduced motion; the message is the same for all.
 */
export function CelebrationCard({ celebration }: { celebration: NonNullable<Celebration> }) {
  const [isOpen, setIsOpen] = useState(true);
  const headingId = useId();
  const { mutate: markSeen } = useCelebrationSeen();
  useEffect(() => {
    markSeen();
  }, [markSeen]);
  if (!isOpen) return null;

  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
      <section
        aria-labelledby={headingId}
        className="relative overflow-hidden rounded-2xl border border-saffron-200 bg-gradient-to-br from-saffron-50 via-white to-indigo-50 p-4 pr-12 shadow-sm motion-safe:animate-[celebrate_400ms_ease-out] sm:p-5 sm:pr-14"
      >
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-saffron-100 text-saffron-800">
            <PartyPopper aria-hidden className="size-5 motion-safe:animate-[bounce_1s_ease-in-out_2]" />
          </span>
          <div className="grid min-w-0 gap-2">
            <p id={headingId} className="font-semibold text-lg text-stone-900">
              Well done!
            </p>
            <p role="status" className="text-stone-800">
              {celebrationText(celebration)}
            </p>
            <ul aria-hidden className="flex flex-wrap gap-2 text-sm">
              <li className="inline-flex items-center gap-1.5 rounded-full bg-saffron-100 px-2.5 py-1 font-semibold text-saffron-950">
                <Coins className="size-4" />+{celebration.coinsSince} coins
              </li>
              {celebration.levelReached !== null && (
                <li className="inline-flex items-center gap-1.5 rounded-full bg-indigo-100 px-2.5 py-1 font-semibold text-indigo-950">
                  <TrendingUp className="size-4" />
                  Level {celebration.levelReached}
                </li>
              )}
              {celebration.badges.map((badge) => (
                <li
                  key={badge.name}
                  className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-2.5 py-1 font-semibold text-emerald-950"
                >
                  <Award className="size-4" />
                  {badge.name}
                </li>
              ))}
            </ul>
            <Link
              to={paths.profile}
              className="justify-self-start font-semibold text-indigo-800 text-sm underline"
            >
              See your badges
            </Link>
          </div>
        </div>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Close the celebration"
          className="absolute top-3 right-3 px-2"
          onClick={() => setIsOpen(false)}
        >
          <X aria-hidden className="size-4" />
        </Button>
      </section>
    </div>
  );
}

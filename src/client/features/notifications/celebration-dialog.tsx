import { Button } from "@client/components/ui/button";
import { DialogActions, DialogClose, DialogContent, DialogRoot } from "@client/components/ui/dialog";
import { paths } from "@client/lib/paths";
import type { Celebration } from "@shared/contract/notifications";
import { Award, Coins, PartyPopper, TrendingUp } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useCelebrationSeen } from "./api";

/** "You earned 45 coins · Level 3 · New badge: Helping Hand", in one line for the dialog's description. */
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
 * The celebration, shown once: marked seen as soon as it shows, so another tab or device does not show it again.
 * Its entrance moves only for people who have not asked for reduced motion; the message is the same for all.
 */
export function CelebrationDialog({ celebration }: { celebration: NonNullable<Celebration> }) {
  const [isOpen, setIsOpen] = useState(true);
  const shown = celebration;
  const seen = useCelebrationSeen();
  const markSeen = seen.mutate;
  useEffect(() => {
    markSeen();
  }, [markSeen]);

  return (
    <DialogRoot open={isOpen} onOpenChange={setIsOpen}>
      <DialogContent
        title={
          <span className="flex items-center gap-2">
            <PartyPopper
              aria-hidden
              className="size-5 text-saffron-700 motion-safe:animate-[bounce_1s_ease-in-out_2]"
            />
            Well done!
          </span>
        }
        description={celebrationText(shown)}
        className="motion-safe:animate-[celebrate_400ms_ease-out]"
      >
        <ul className="grid gap-2">
          <li className="flex items-center gap-3 rounded-lg bg-saffron-50 px-3 py-2 text-saffron-950">
            <Coins aria-hidden className="size-5 text-saffron-700" />
            <span>
              <strong>+{shown.coinsSince}</strong> coins
            </span>
          </li>
          {shown.levelReached !== null && (
            <li className="flex items-center gap-3 rounded-lg bg-indigo-50 px-3 py-2 text-indigo-950">
              <TrendingUp aria-hidden className="size-5 text-indigo-700" />
              <span>
                You reached <strong>Level {shown.levelReached}</strong>
              </span>
            </li>
          )}
          {shown.badges.map((badge) => (
            <li
              key={badge.name}
              className="flex items-center gap-3 rounded-lg bg-emerald-50 px-3 py-2 text-emerald-950"
            >
              <Award aria-hidden className="size-5 text-emerald-700" />
              <span>
                New badge: <strong>{badge.name}</strong>
              </span>
            </li>
          ))}
        </ul>
        <DialogActions>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          <Link
            to={paths.profile}
            onClick={() => setIsOpen(false)}
            className="inline-flex h-10 items-center justify-center rounded-lg bg-saffron-700 px-4 font-semibold text-sm text-white shadow-sm hover:bg-saffron-800"
          >
            See your badges
          </Link>
        </DialogActions>
      </DialogContent>
    </DialogRoot>
  );
}

import { buttonClasses } from "@client/components/ui/button";
import { greetingFor } from "@client/lib/greeting";
import { paths } from "@client/lib/paths";
import type { CurrentUser } from "@shared/contract/auth";
import { levelFor, nextLevelTarget } from "@shared/domain/coins";
import { Trophy, UserRound } from "lucide-react";
import { Link } from "react-router";
import { LevelRing } from "./level-ring";

export function WelcomeHeader({ user }: { user: CurrentUser }) {
  const coins = user.coins ?? 0;
  const target = nextLevelTarget(coins);

  return (
    <header className="focus-ring-light flex flex-col-reverse gap-6 rounded-3xl bg-gradient-to-br from-indigo-950 via-indigo-900 to-indigo-800 p-6 text-white shadow-lg sm:flex-row sm:items-center sm:justify-between sm:p-8">
      <title>My Dashboard · Seva</title>
      <div className="grid gap-3">
        <p className="font-semibold text-saffron-200 text-sm uppercase tracking-wide">My Dashboard</p>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{greetingFor(user)}</h1>
        <p className="text-indigo-100">
          {`Level ${levelFor(coins)} · ${coins} ${coins === 1 ? "coin" : "coins"} earned. `}
          {`${target - coins} more to reach level ${levelFor(target)} at ${target} coins.`}
        </p>
        <div className="mt-1 flex flex-wrap gap-3">
          <Link to={paths.leaderboard} className={buttonClasses("onDark", "sm")}>
            <Trophy aria-hidden className="size-4" />
            View Leaderboard
          </Link>
          <Link to={paths.profile} className={buttonClasses("onDark", "sm")}>
            <UserRound aria-hidden className="size-4" />
            My Profile
          </Link>
        </div>
      </div>
      <LevelRing coins={coins} />
    </header>
  );
}

import { Card } from "@client/components/ui/card";
import { RoleBadge } from "@client/components/ui/role-badge";
import { UserAvatar } from "@client/components/ui/user-avatar";
import { NextBadgeProgress } from "@client/features/badges";
import { RankValue } from "@client/features/leaderboard";
import type { CurrentUser } from "@shared/contract/auth";
import { Coins, Trophy } from "lucide-react";

export function ProfileHeader({ user }: { user: CurrentUser }) {
  return (
    <Card className="grid gap-6 p-6">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <UserAvatar {...user} size="lg" />
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 className="font-bold text-2xl text-stone-900 tracking-tight sm:text-3xl">
            {`${user.firstName} ${user.lastName}`}
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-stone-700">
            <span>{user.program ?? "Program not set"}</span>
            <RoleBadge role={user.role} />
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:w-64">
          <div className="rounded-xl bg-saffron-50 p-3">
            <dt className="flex items-center gap-1.5 font-medium text-saffron-900 text-xs uppercase tracking-wide">
              <Coins aria-hidden className="size-3.5" />
              Coins
            </dt>
            <dd className="font-bold text-2xl text-stone-900">{user.coins ?? 0}</dd>
          </div>
          <div className="rounded-xl bg-indigo-50 p-3">
            <dt className="flex items-center gap-1.5 font-medium text-indigo-900 text-xs uppercase tracking-wide">
              <Trophy aria-hidden className="size-3.5" />
              Rank
            </dt>
            <dd className="font-bold text-2xl text-stone-900">
              <RankValue />
            </dd>
          </div>
        </dl>
      </div>
      <NextBadgeProgress user={user} />
    </Card>
  );
}

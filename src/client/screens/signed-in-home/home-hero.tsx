import { Skeleton } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/cn";
import type { LucideIcon } from "lucide-react";

export interface HeroStat {
  label: string;
  icon: LucideIcon;
  /** Undefined while it loads. */
  value: number | undefined;
}

interface HomeHeroProps {
  /** 'Welcome, Asha!' at a first sign-in, else 'Welcome back, Asha!' (lib/greeting.ts). */
  greeting: string;
  message: string;
  stats: readonly HeroStat[];
}

/** The greeting band of the signed-in home page with its headline figures. */
export function HomeHero({ greeting, message, stats }: HomeHeroProps) {
  return (
    <section className="focus-ring-light bg-gradient-to-br from-indigo-950 via-indigo-900 to-indigo-800 text-white">
      <div className="mx-auto grid max-w-6xl gap-5 px-4 py-6 sm:gap-8 sm:px-6 sm:py-12 lg:grid-cols-[1fr_auto] lg:items-center">
        <div className="grid gap-2">
          <h1 className="font-bold text-2xl tracking-tight sm:text-4xl">{greeting}</h1>
          <p className="max-w-xl text-indigo-100 sm:text-lg">{message}</p>
        </div>
        {/* Rows on phones (the labels are too long for three columns there), tiles from `sm` up. */}
        <dl
          className={cn("grid gap-2 sm:gap-3", stats.length > 1 ? "sm:grid-cols-3 lg:w-[32rem]" : "sm:w-64")}
        >
          {stats.map(({ label, icon: Icon, value }) => (
            <div
              key={label}
              className="flex items-center justify-between gap-3 rounded-2xl border border-white/15 bg-white/10 px-4 py-2 sm:flex-col sm:items-start sm:justify-start sm:gap-1 sm:p-4"
            >
              <dt className="flex items-center gap-1.5 text-indigo-100 text-sm">
                <Icon aria-hidden className="size-4 shrink-0 text-saffron-300" />
                {label}
              </dt>
              <dd className="font-bold text-xl sm:text-3xl">
                {value === undefined ? (
                  <>
                    <Skeleton className="h-7 w-10 bg-white/20 sm:h-9 sm:w-12" />
                    <span className="sr-only">Loading</span>
                  </>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

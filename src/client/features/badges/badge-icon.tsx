import { cn } from "@client/lib/cn";
import type { BadgeType } from "@shared/domain/enums";
import {
  Award,
  Crown,
  HandHeart,
  type LucideIcon,
  Medal,
  Sparkles,
  Sprout,
  Star,
  Trophy,
} from "lucide-react";

// The catalogue names its icons; an administrator's own badge with an unknown name gets a medal.
const ICONS: Record<string, LucideIcon> = {
  sprout: Sprout,
  "hand-heart": HandHeart,
  sparkles: Sparkles,
  award: Award,
  trophy: Trophy,
  star: Star,
  crown: Crown,
};

const typeClasses: Record<BadgeType, string> = {
  gold: "bg-amber-100 text-amber-800 ring-amber-300",
  silver: "bg-slate-100 text-slate-700 ring-slate-300",
  bronze: "bg-orange-100 text-orange-800 ring-orange-300",
  default: "bg-saffron-100 text-saffron-800 ring-saffron-200",
};

interface BadgeIconProps {
  icon: string;
  type: BadgeType;
  isEarned: boolean;
  className?: string;
}

export function BadgeIcon({ icon, type, isEarned, className }: BadgeIconProps) {
  const Icon = ICONS[icon] ?? Medal;
  return (
    <span
      className={cn(
        "flex size-12 shrink-0 items-center justify-center rounded-full ring-2",
        isEarned ? typeClasses[type] : "bg-stone-100 text-stone-500 ring-stone-200",
        className,
      )}
    >
      <Icon aria-hidden className="size-6" />
    </span>
  );
}

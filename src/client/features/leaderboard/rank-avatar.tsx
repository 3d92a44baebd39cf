import { avatarColour } from "@client/lib/avatar-colour";
import { cn } from "@client/lib/cn";

interface RankAvatarProps {
  initials: string;
  /** The name shown beside it, which picks the person's avatar colour. */
  name: string;
  isAnonymous: boolean;
  size?: "sm" | "md" | "lg";
  className?: string;
}

const sizeClasses = {
  sm: "size-9 text-sm",
  md: "size-12 text-base",
  lg: "size-16 text-xl",
} as const;

/** Initials in a circle; grey '??' for an anonymous student. Decorative: the name is written beside it. */
export function RankAvatar({ initials, name, isAnonymous, size = "sm", className }: RankAvatarProps) {
  return (
    <span
      aria-hidden
      className={cn(
        "inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold",
        isAnonymous ? "bg-stone-200 text-stone-700" : cn(avatarColour(name), "text-white"),
        sizeClasses[size],
        className,
      )}
    >
      {initials}
    </span>
  );
}

/** The marker on the viewer's own row and podium place. */
export function YouBadge() {
  return (
    <span className="rounded-full bg-saffron-700 px-2 py-0.5 font-semibold text-white text-xs">You</span>
  );
}

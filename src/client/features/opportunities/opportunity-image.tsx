import { cn } from "@client/lib/cn";
import type { OpportunityType } from "@shared/domain/enums";
import { BookOpen, HandHeart, type LucideIcon, Sprout, Users } from "lucide-react";
import { useState } from "react";

const fallbackLooks: Record<OpportunityType, { icon: LucideIcon; gradient: string }> = {
  teaching: { icon: BookOpen, gradient: "from-indigo-700 via-indigo-600 to-saffron-500" },
  donation: { icon: HandHeart, gradient: "from-saffron-700 via-saffron-500 to-amber-300" },
  mentoring: { icon: Users, gradient: "from-teal-700 via-teal-600 to-indigo-500" },
  community_service: { icon: Sprout, gradient: "from-emerald-700 via-emerald-600 to-saffron-400" },
};

/**
 * A small tile in the colours and icon of the opportunity's type: what a card without a picture shows instead of
 * a tall banner (ADR 0029). Decorative, like the picture.
 */
export function OpportunityTypeTile({ type, className }: { type: OpportunityType; className?: string }) {
  const { icon: Icon, gradient } = fallbackLooks[type];
  return (
    <span
      aria-hidden
      className={cn(
        "flex size-12 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br shadow-sm",
        gradient,
        className,
      )}
    >
      <Icon className="size-6 text-white" strokeWidth={1.75} />
    </span>
  );
}

interface OpportunityImageProps {
  imageUrl: string | null | undefined;
  type: OpportunityType;
  className?: string;
}

/**
 * The opportunity's picture, or a gradient with the icon of its type when there is none or it fails to load.
 * Decorative: the title always sits next to it.
 */
export function OpportunityImage({ imageUrl, type, className }: OpportunityImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const classes = cn("aspect-[16/9] w-full overflow-hidden bg-stone-200", className);

  if (imageUrl && failedUrl !== imageUrl) {
    return (
      <div className={classes}>
        <img
          src={imageUrl}
          alt=""
          loading="lazy"
          onError={() => setFailedUrl(imageUrl)}
          className="size-full object-cover"
        />
      </div>
    );
  }
  const { icon: Icon, gradient } = fallbackLooks[type];
  return (
    <div aria-hidden className={cn(classes, "flex items-center justify-center bg-gradient-to-br", gradient)}>
      <Icon className="size-12 text-white/90 drop-shadow" strokeWidth={1.5} />
    </div>
  );
}

import { COINS_PER_LEVEL, levelFor, levelProgress } from "@shared/domain/coins";

const SIZE = 132;
const STROKE = 12;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
// The track and the progress arc lie on the same circle.
const RING = { cx: SIZE / 2, cy: SIZE / 2, r: RADIUS, fill: "none", strokeWidth: STROKE } as const;

/** The coin-progress ring: how far the student is through the current level (docs/product-spec.md §9). */
export function LevelRing({ coins }: { coins: number }) {
  const level = levelFor(coins);
  const progress = levelProgress(coins);
  const filled = (progress / COINS_PER_LEVEL) * CIRCUMFERENCE;

  return (
    <div className="relative size-[132px] shrink-0">
      <svg
        role="img"
        aria-label={`${progress} of ${COINS_PER_LEVEL} coins to level ${level + 1}`}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        className="size-full -rotate-90"
      >
        <circle {...RING} className="stroke-white/25" />
        {progress > 0 && (
          <circle
            {...RING}
            strokeLinecap="round"
            strokeDasharray={`${filled} ${CIRCUMFERENCE}`}
            className="stroke-saffron-300 transition-[stroke-dasharray] duration-500"
          />
        )}
      </svg>
      <div aria-hidden className="absolute inset-0 grid place-content-center text-center text-white">
        <span className="font-medium text-white/85 text-xs uppercase tracking-wide">Level</span>
        <span className="font-bold text-4xl leading-none">{level}</span>
        <span className="mt-1 text-white/85 text-xs">{`${progress}/${COINS_PER_LEVEL}`}</span>
      </div>
    </div>
  );
}

// The badge catalogue every installation has (docs/product-rules.md §3), demo or not. Ensured at every boot:
// missing badges are added, existing ones are left as an administrator may have tuned them.

import type { Executor } from "@server/db/client";
import { badges } from "@server/db/schema";
import type { BadgeType } from "@shared/domain/enums";

export interface CatalogueBadge {
  name: string;
  description: string;
  icon: string;
  coinsRequired: number;
  type: BadgeType;
}

export const BADGE_CATALOGUE: readonly CatalogueBadge[] = [
  {
    name: "First Steps",
    description: "Earned your first coins by serving the community.",
    icon: "sprout",
    coinsRequired: 10,
    type: "default",
  },
  {
    name: "Helping Hand",
    description: "Reached 50 coins of volunteering.",
    icon: "hand-heart",
    coinsRequired: 50,
    type: "bronze",
  },
  {
    name: "Change Maker",
    description: "Reached 100 coins: your work is changing lives.",
    icon: "sparkles",
    coinsRequired: 100,
    type: "bronze",
  },
  {
    name: "Community Champion",
    description: "Reached 250 coins of impact.",
    icon: "award",
    coinsRequired: 250,
    type: "silver",
  },
  {
    name: "Impact Leader",
    description: "Reached 500 coins and leads by example.",
    icon: "trophy",
    coinsRequired: 500,
    type: "silver",
  },
  {
    name: "Seva Star",
    description: "Reached 1,000 coins: a star of selfless service.",
    icon: "star",
    coinsRequired: 1000,
    type: "gold",
  },
  {
    name: "Legend of Seva",
    description: "Reached 2,500 coins: a legend of the campus.",
    icon: "crown",
    coinsRequired: 2500,
    type: "gold",
  },
];

export async function ensureBadgeCatalogue(db: Executor): Promise<void> {
  await db
    .insert(badges)
    .values([...BADGE_CATALOGUE])
    .onConflictDoNothing({ target: badges.name });
}

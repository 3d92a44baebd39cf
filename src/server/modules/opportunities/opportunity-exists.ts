// The 404 of an opportunity id that names no row, in one wording for every module (apart from
// opportunities.service.ts, which the waiting list cannot import: that module offers freed places through it).
import type { Executor } from "@server/db/client";
import { opportunities } from "@server/db/schema";
import { notFound } from "@server/errors";
import { eq } from "drizzle-orm";

export const OPPORTUNITY_NOT_FOUND = "Opportunity not found";

/** 404 unless the opportunity exists, for lists under it that would otherwise answer an empty 200. */
export async function assertOpportunityExists(db: Executor, opportunityId: number): Promise<void> {
  const [found] = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId));
  if (!found) throw notFound(OPPORTUNITY_NOT_FOUND);
}

import type { AdminOpportunity } from "@shared/contract/opportunities";
import { OpportunityApplicationGroups } from "../applications/opportunity-application-groups";

/** The expanded part of a manager card: the opportunity's applications, grouped by what they wait for. */
export function ManagerCardApplications({ opportunity }: { opportunity: AdminOpportunity }) {
  return <OpportunityApplicationGroups opportunity={opportunity} headingLevel={3} />;
}

import { OpportunityApplicationGroups } from "@client/features/applications/opportunity-application-groups";
import type { AdminOpportunity } from "@shared/contract/opportunities";

/** The expanded part of a manager card: the opportunity's applications, grouped by what they wait for. */
export function ManagerCardApplications({ opportunity }: { opportunity: AdminOpportunity }) {
  return <OpportunityApplicationGroups opportunity={opportunity} headingLevel={3} />;
}

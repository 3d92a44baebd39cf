import type { AdminOpportunity } from "../../../shared/contract/opportunities";

/** The expanded part of a manager card: the opportunity's applications, grouped by what they wait for. */
export function ManagerCardApplications(_props: { opportunity: AdminOpportunity }) {
  return <p className="text-sm text-stone-700">Applications appear here</p>;
}

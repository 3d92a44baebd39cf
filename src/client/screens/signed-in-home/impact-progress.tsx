import { ApplicationStatusBadge } from "@client/components/application-status-badge";
import { Card } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { ProgressBar } from "@client/components/ui/progress-bar";
import { paths } from "@client/lib/paths";
import type { StudentApplication } from "@shared/contract/applications";
import { STUDENT_STATUS_LABELS } from "@shared/domain/application-status";
import { Compass } from "lucide-react";
import { Link } from "react-router";
import { JOURNEY_STEPS, journeyStepOf } from "./home-summary";

/** 'Your Impact Progress': the student's newest applications on open opportunities. */
export function ImpactProgress({ applications }: { applications: readonly StudentApplication[] }) {
  if (applications.length === 0) {
    return (
      <EmptyState icon={Compass} title="No applications in progress">
        Apply to one of the trending opportunities below and follow it here.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {applications.map((application) => {
        const step = journeyStepOf(application.status);
        const label = STUDENT_STATUS_LABELS[application.status];
        return (
          <li key={application.id}>
            <Card className="grid h-full content-start gap-3 p-5">
              <ApplicationStatusBadge status={application.status} audience="student" className="w-fit" />
              <h3 className="font-semibold text-stone-900 leading-snug">
                <Link
                  to={paths.opportunity(application.opportunity.id)}
                  className="underline-offset-2 hover:text-saffron-800 hover:underline"
                >
                  {application.opportunity.title}
                </Link>
              </h3>
              <div className="mt-auto grid gap-1.5">
                <ProgressBar
                  value={step}
                  max={JOURNEY_STEPS}
                  label={`Progress on ${application.opportunity.title}`}
                  valueText={`Step ${step} of ${JOURNEY_STEPS}: ${label}`}
                  barClassName={application.status === "rejected" ? "bg-red-600" : undefined}
                />
                <p className="text-stone-600 text-xs">{`Step ${step} of ${JOURNEY_STEPS}`}</p>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

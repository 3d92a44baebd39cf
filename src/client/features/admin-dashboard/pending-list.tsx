import { Check, Inbox, X } from "lucide-react";
import { useState } from "react";
import type { AdminApplication } from "../../../shared/contract/applications";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { formatDate, formatTime } from "../../lib/format";
import { applicantName } from "../applications/applicant-name";
import { useStatusDecision } from "../applications/use-decisions";
import { ApplicationSummary } from "./application-summary";

export function PendingList({ applications }: { applications: readonly AdminApplication[] }) {
  if (applications.length === 0) {
    return (
      <EmptyState icon={Inbox} title="No pending applications">
        New applications appear here for a quick decision.
      </EmptyState>
    );
  }
  return (
    <Card className="overflow-hidden">
      <ul className="divide-y divide-stone-200">
        {applications.map((application) => (
          <PendingItem key={application.id} application={application} />
        ))}
      </ul>
    </Card>
  );
}

function PendingItem({ application }: { application: AdminApplication }) {
  const { decide, isPending } = useStatusDecision();
  const [choice, setChoice] = useState<"accepted" | "rejected">();
  const name = applicantName(application.user);

  function choose(status: "accepted" | "rejected") {
    setChoice(status);
    decide(application.id, {
      status,
      notes: status === "accepted" ? "Application accepted by admin" : "Application rejected by admin",
    });
  }

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <ApplicationSummary application={application} />
        <p className="text-stone-600 text-xs">
          {`Applied ${formatDate(application.appliedAt)} at ${formatTime(application.appliedAt)}`}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          size="sm"
          disabled={isPending}
          isPending={isPending && choice === "accepted"}
          onClick={() => choose("accepted")}
        >
          <Check aria-hidden className="size-4" />
          Accept
          <span className="sr-only">{` application from ${name}`}</span>
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={isPending}
          isPending={isPending && choice === "rejected"}
          onClick={() => choose("rejected")}
        >
          <X aria-hidden className="size-4" />
          Reject
          <span className="sr-only">{` application from ${name}`}</span>
        </Button>
      </div>
    </li>
  );
}

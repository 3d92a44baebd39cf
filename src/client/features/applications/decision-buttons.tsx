import { Button } from "@client/components/ui/button";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { useStatusDecision } from "./use-status-decision";

const DECISIONS = [
  {
    status: "accepted",
    label: "Accept",
    icon: Check,
    variant: "primary",
    notes: "Application accepted by admin",
  },
  {
    status: "rejected",
    label: "Reject",
    icon: X,
    variant: "outline",
    notes: "Application rejected by admin",
  },
] as const;

/**
 * Accept and Reject for a pending application, one click each (the admin dashboard's list and the manager's
 * card). Both stay disabled while either decision is sent; the chosen one shows the spinner.
 */
export function DecisionButtons({
  applicationId,
  applicantName,
}: {
  applicationId: number;
  applicantName: string;
}) {
  const { decide, isPending } = useStatusDecision();
  const [choice, setChoice] = useState<(typeof DECISIONS)[number]["status"]>();

  return DECISIONS.map(({ status, label, icon: Icon, variant, notes }) => (
    <Button
      key={status}
      size="sm"
      variant={variant}
      disabled={isPending}
      isPending={isPending && choice === status}
      onClick={() => {
        setChoice(status);
        void decide(applicationId, { status, notes });
      }}
    >
      <Icon aria-hidden className="size-4" />
      {label}
      <span className="sr-only">{` application from ${applicantName}`}</span>
    </Button>
  ));
}

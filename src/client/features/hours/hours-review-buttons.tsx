import { Button } from "@client/components/ui/button";
import type { HoursUnderReview } from "@shared/contract/hours-record";
import { Check } from "lucide-react";
import { ApproveHoursDialog } from "./approve-hours-dialog";
import { RejectHoursDialog } from "./reject-hours-dialog";
import { useApproveHoursDecision } from "./use-hours-decisions";

/** The feedback a one-click approval sends with the coins. */
const QUICK_APPROVAL_FEEDBACK = "Hours approved by admin";

interface HoursReviewButtonsProps {
  applicationId: number;
  applicantName: string;
  hours: number;
  /** What one click on Approve awards: the hours at the opportunity's rate, shown beside the buttons. */
  coins: number;
  /**
   * "short": 'Approve' and 'Reject' (the admin dashboard's list); "long": 'Approve Hours' and 'Reject Hours'
   * (the manager's card, whose rows also hold other decisions).
   */
  labels: "short" | "long";
  /**
   * The submission under review. Disputed hours need a note to be approved, so Approve then opens the Approve
   * Hours dialog (with `application` and `opportunity`) instead of approving in one click.
   */
  underReview?: HoursUnderReview | null;
  application?: { id: number; submittedHours: number; coinsAwarded: number };
  opportunity?: { coinsPerHour: number; maxCoins: number };
}

/**
 * Approve (one click, the computed coins) and Reject (with feedback) for hours under review: the admin
 * dashboard's list and the manager's expanded card. The applications table asks for the coins in a dialog
 * instead (ApproveHoursDialog).
 */
export function HoursReviewButtons({
  applicationId,
  applicantName,
  hours,
  coins,
  labels,
  underReview = null,
  application,
  opportunity,
}: HoursReviewButtonsProps) {
  const { approve, isPending } = useApproveHoursDecision("summary");
  const hoursText = `${hours} ${hours === 1 ? "hour" : "hours"}`;
  const disputed = underReview?.verification.status === "disputed";
  return (
    <>
      {disputed && application && opportunity ? (
        <ApproveHoursDialog
          application={application}
          applicantName={applicantName}
          opportunity={opportunity}
          underReview={underReview}
          triggerLabel={labels === "long" ? "Approve Hours" : "Approve"}
        />
      ) : (
        <Button
          size="sm"
          isPending={isPending}
          onClick={() => approve(applicationId, { coinsAwarded: coins, feedback: QUICK_APPROVAL_FEEDBACK })}
        >
          <Check aria-hidden className="size-4" />
          {labels === "long" ? "Approve Hours" : "Approve"}
          <span className="sr-only">
            {labels === "long" ? ` from ${applicantName}` : ` ${hoursText} from ${applicantName}`}
          </span>
        </Button>
      )}
      <RejectHoursDialog
        underReview={underReview}
        applicationId={applicationId}
        applicantName={applicantName}
        hours={hours}
        wording="summary"
        triggerLabel={labels === "long" ? "Reject Hours" : "Reject"}
      />
    </>
  );
}

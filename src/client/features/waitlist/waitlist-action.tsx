// The detail page's waiting-list actions (docs/product-rules.md §12): join the line of a full opportunity, see
// one's place in it and leave, or take (or decline) a place offered for 48 hours. The server decides for real.
// A closed opportunity keeps its line for a reopening (ADR 0071): the student sees their place, and that no
// place can be taken for now.
import { Button } from "@client/components/ui/button";
import { confirmDialogOnDemand } from "@client/components/ui/confirm-dialog-on-demand";
import { DialogOnDemand } from "@client/components/ui/dialog-on-demand";
import { formatDate, formatTime } from "@client/lib/format";
import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import type { OpportunityDetail } from "@shared/contract/opportunities";
import { Gift, ListOrdered } from "lucide-react";
import { useState } from "react";
import { useAcceptOffer, useJoinWaitlist, useLeaveWaitlist } from "./api";

/** 'Nov 27, 2026 at 14:05' in the viewer's time zone. */
export function deadlineOf(offerExpiresAt: string): string {
  return `${formatDate(offerExpiresAt)} at ${formatTime(offerExpiresAt)}`;
}

export function ordinalInLine(position: number | null): string {
  return position === null ? "in line" : `number ${position} in line`;
}

/** Whether a line's places are on hold: the opportunity takes no applications now, so none can be taken (ADR 0071). */
export function lineOnHold(opportunity: { status: OpportunityDetail["status"] }): boolean {
  return opportunity.status !== "open";
}

/** What a student in the line of an opportunity that takes no applications now is told (here and on the dashboard). */
export const LINE_ON_HOLD =
  "Applications are closed for now. You keep your place in line in case they reopen.";

/** What a student offered a place on such an opportunity is told. */
export const OFFER_ON_HOLD =
  "Applications are closed for now: you can take it only if they reopen before then.";

interface WaitlistActionProps {
  opportunity: OpportunityDetail;
  shareKey: string | undefined;
}

/** 'Join Waiting List' on a full opportunity the student has no place on. */
export function JoinWaitlist({ opportunity, shareKey }: WaitlistActionProps) {
  const join = useJoinWaitlist();
  const handleLoggedOut = useHandleLoggedOut();
  const waiting = opportunity.waitlistCount;
  return (
    <div className="grid gap-2">
      <Button
        size="lg"
        isPending={join.isPending}
        onClick={async () => {
          // Awaited rather than callbacks: once joined, the refreshed card no longer holds this component, and a
          // mutation's own callbacks would not run.
          try {
            const entry = await join.mutateAsync({ opportunityId: opportunity.id, shareKey });
            toast({
              title: "Joined the Waiting List",
              description: `You are ${ordinalInLine(entry.position)}. If a place frees, it is offered to you here and by e-mail.`,
            });
          } catch (error) {
            if (!handleLoggedOut(error)) toastFailure(error, "Could not join", "Please try again.");
          }
        }}
      >
        <ListOrdered aria-hidden className="size-5" />
        Join Waiting List
      </Button>
      <p className="text-center text-sm text-stone-700">
        {`Every place is taken${waiting > 0 ? `; ${waiting} ${waiting === 1 ? "person is" : "people are"} waiting` : ""}. When one frees, the first in line is offered it for 48 hours.`}
      </p>
    </div>
  );
}

/** The student's place in line, with 'Leave Waiting List' behind a confirmation. */
export function WaitingInLine({ opportunity }: { opportunity: OpportunityDetail }) {
  const position = opportunity.viewerWaitlist?.position ?? null;
  return (
    <div className="grid gap-2">
      <p className="flex h-12 items-center justify-center gap-2 rounded-lg bg-indigo-50 font-semibold text-indigo-950">
        <ListOrdered aria-hidden className="size-5" />
        {`You are ${ordinalInLine(position)}`}
      </p>
      {lineOnHold(opportunity) && <p className="text-center text-sm text-stone-700">{LINE_ON_HOLD}</p>}
      <LeaveOrDecline opportunityId={opportunity.id} offered={false} />
    </div>
  );
}

/**
 * A place offered from the waiting list: take it before the deadline, or decline it for the next in line. While
 * the opportunity takes no applications the place is held but cannot be taken (the server refuses it too).
 */
export function OfferedPlace({ opportunity }: { opportunity: OpportunityDetail }) {
  const accept = useAcceptOffer();
  const handleLoggedOut = useHandleLoggedOut();
  const expiresAt = opportunity.viewerWaitlist?.offerExpiresAt;
  const deadline = expiresAt ? deadlineOf(expiresAt) : "the deadline";
  const onHold = lineOnHold(opportunity);
  return (
    <section
      aria-label="A place offered to you"
      className="grid gap-3 rounded-xl border-2 border-emerald-600 bg-emerald-50 p-4"
    >
      <h3 className="flex items-start gap-2 font-semibold text-emerald-950">
        <Gift aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        <span>
          {onHold
            ? `A place is held for you until ${deadline}`
            : `A place is yours if you take it by ${deadline}`}
        </span>
      </h3>
      <p className="text-emerald-950 text-sm">
        {onHold
          ? `${OFFER_ON_HOLD} Declining passes it to the next person in line.`
          : "Taking it sends your application for review; declining passes it to the next person in line."}
      </p>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {!onHold && (
          <Button
            isPending={accept.isPending}
            // mutateAsync rather than mutate's callbacks: the refresh after a success replaces this offer with the
            // application, and React Query skips the callbacks of an unmounted caller (the toast went missing).
            onClick={async () => {
              try {
                await accept.mutateAsync(opportunity.id);
                toast({
                  title: "Place Taken",
                  description: "Your application is in: an administrator will review it.",
                });
              } catch (error) {
                if (!handleLoggedOut(error))
                  toastFailure(error, "Could not take the place", "Please try again.");
              }
            }}
          >
            Take the Place
          </Button>
        )}
        <LeaveOrDecline opportunityId={opportunity.id} offered />
      </div>
    </section>
  );
}

function LeaveOrDecline({ opportunityId, offered }: { opportunityId: number; offered: boolean }) {
  const leave = useLeaveWaitlist();
  const handleLoggedOut = useHandleLoggedOut();
  const [open, setOpen] = useState(false);
  return (
    <DialogOnDemand
      dialog={confirmDialogOnDemand}
      props={{
        title: offered ? "Decline this place?" : "Leave the waiting list?",
        description: offered
          ? "The place goes to the next person in line. You can join the waiting list again, at its end."
          : "You lose your place in line. You can join again later, at the end of the line.",
        confirmLabel: offered ? "Decline the Place" : "Leave Waiting List",
        isPending: leave.isPending,
        onConfirm: async () => {
          try {
            await leave.mutateAsync(opportunityId);
            setOpen(false);
            toast({ title: offered ? "Place Declined" : "Left the Waiting List" });
          } catch (error) {
            setOpen(false);
            if (!handleLoggedOut(error)) toastFailure(error, "Could not leave", "Please try again.");
          }
        },
      }}
      variant="outline"
      open={open}
      onOpenChange={setOpen}
    >
      {offered ? "Decline" : "Leave Waiting List"}
    </DialogOnDemand>
  );
}

import { buttonClasses } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { JoinWaitlist, OfferedPlace, WaitingInLine } from "@client/features/waitlist";
import { countOf } from "@client/lib/opportunity-labels";
import { loginReturningTo, paths } from "@client/lib/paths";
import type { CurrentUser } from "@shared/contract/auth";
import type { OpportunityDetail } from "@shared/contract/opportunities";
import { STUDENT_STATUS_LABELS } from "@shared/domain/application-status";
import { Ban, CircleCheck, Coins, LogIn, Pencil, Users } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { ApplyButton } from "./apply-button";
import { type ApplyState, applyStateOf } from "./apply-state";
import { useRoomForActionBar } from "./room-for-action-bar";
import { WithdrawDialog } from "./withdraw-dialog";

interface ApplyCardProps {
  opportunity: OpportunityDetail;
  user: CurrentUser | null;
  /** The share link's key the page was opened by; applying to a private opportunity needs it. */
  shareKey: string | undefined;
}

/** The side card of the detail page: the reward, the places taken, and what the viewer can do. */
export function ApplyCard({ opportunity, user, shareKey }: ApplyCardProps) {
  const state = applyStateOf(opportunity, user);
  const applicants = opportunity._count.applications;
  useRoomForActionBar();

  return (
    <Card className="grid gap-5 p-6">
      <h2 className="font-semibold text-lg text-stone-900">Reward</h2>
      <div className="-mt-3 flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-saffron-100 text-saffron-800">
          <Coins aria-hidden className="size-5" />
        </span>
        <p className="grid">
          <span className="font-bold text-stone-900 text-xl">{`${countOf(opportunity.coinsPerHour, "coin")} per hour`}</span>
          <span className="text-sm text-stone-700">{`Up to ${countOf(opportunity.maxCoins, "coin")} in total`}</span>
        </p>
      </div>
      <p className="flex items-center gap-2 rounded-xl bg-stone-100 px-4 py-3 text-sm text-stone-800">
        <Users aria-hidden className="size-4 shrink-0 text-stone-600" />
        {applicants === 1 ? "1 student has applied" : `${applicants} students have applied`}
      </p>
      {/* Below lg the card sits in the page's flow under the picture, so its main action moves into a bar fixed to
          the bottom of the screen: one element, shown in one place at a time, so assistive technology meets one
          Apply button (ADR 0029). The page leaves room for the bar (useRoomForActionBar). */}
      <div
        data-action-bar
        className="fixed inset-x-0 bottom-0 z-30 border-stone-200 border-t bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur supports-[backdrop-filter]:bg-white/85 lg:static lg:z-auto lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none lg:backdrop-blur-none"
      >
        <div className="mx-auto max-w-xl lg:max-w-none">
          <ApplyAction state={state} opportunity={opportunity} user={user} shareKey={shareKey} />
        </div>
      </div>
      {user?.role === "admin" && (
        <Link to={paths.adminOpportunityEdit(opportunity.id)} className={buttonClasses("outline")}>
          <Pencil aria-hidden className="size-4" />
          Edit Opportunity
        </Link>
      )}
    </Card>
  );
}

function ApplyAction({ state, opportunity, user, shareKey }: { state: ApplyState } & ApplyCardProps) {
  const { pathname, search } = useLocation();
  const appliedRef = useRef<HTMLDivElement>(null);
  const previousState = useRef(state);

  // After applying, the Apply button (and its dialog) is gone: keep keyboard focus on what replaced it.
  useEffect(() => {
    if (previousState.current === "apply" && state === "applied") appliedRef.current?.focus();
    previousState.current = state;
  }, [state]);

  switch (state) {
    case "apply":
      return <ApplyButton opportunity={opportunity} email={user?.email ?? ""} shareKey={shareKey} />;
    case "applied":
      return (
        <div ref={appliedRef} tabIndex={-1} className="grid gap-2 outline-none">
          <StateBanner tone="success" icon={<CircleCheck aria-hidden className="size-5" />}>
            Applied
          </StateBanner>
          {opportunity.viewerApplication && (
            <>
              <p className="text-center text-sm text-stone-700">
                {`Status: ${STUDENT_STATUS_LABELS[opportunity.viewerApplication.status]}. `}
                <Link
                  to={paths.dashboard}
                  className="font-semibold text-saffron-800 underline underline-offset-2"
                >
                  Track it on My Dashboard
                </Link>
              </p>
              <WithdrawDialog
                application={opportunity.viewerApplication}
                opportunityTitle={opportunity.title}
              />
            </>
          )}
        </div>
      );
    case "join":
      return <JoinWaitlist opportunity={opportunity} shareKey={shareKey} />;
    case "waiting":
      return <WaitingInLine opportunity={opportunity} />;
    case "offered":
      return <OfferedPlace opportunity={opportunity} />;
    case "closed":
      return (
        <StateBanner tone="muted" icon={<Ban aria-hidden className="size-5" />}>
          Applications Closed
        </StateBanner>
      );
    case "unavailable":
      return (
        <div className="grid gap-2">
          <StateBanner tone="muted" icon={<Ban aria-hidden className="size-5" />}>
            Not Available
          </StateBanner>
          <p className="text-center text-sm text-stone-700">
            {user?.role === "admin"
              ? "Administrators manage opportunities and cannot apply."
              : "Every place on this opportunity has been filled."}
          </p>
        </div>
      );
    case "signIn":
      return (
        <Link to={loginReturningTo(`${pathname}${search}`)} className={buttonClasses("primary", "lg")}>
          <LogIn aria-hidden className="size-5" />
          Log in to Apply
        </Link>
      );
  }
}

function StateBanner({
  tone,
  icon,
  children,
}: {
  tone: "success" | "muted";
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <p
      className={
        tone === "success"
          ? "flex h-12 items-center justify-center gap-2 rounded-lg bg-emerald-100 font-semibold text-emerald-900"
          : "flex h-12 items-center justify-center gap-2 rounded-lg bg-stone-200 font-semibold text-stone-800"
      }
    >
      {icon}
      {children}
    </p>
  );
}

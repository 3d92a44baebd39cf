import { AuthCard } from "@client/components/ui/auth-card";
import { Button } from "@client/components/ui/button";
import { TextareaField } from "@client/components/ui/field";
import { FormAlert } from "@client/components/ui/form-alert";
import { Skeleton } from "@client/components/ui/skeleton";
import { useSupervisionDecision, useSupervisionRequest } from "@client/features/supervision/api";
import { errorMessage, fieldErrorsOf, hasStatus } from "@client/lib/api-client";
import { useTokenFromAddress } from "@client/lib/use-link-token";
import type { SupervisionRequest } from "@shared/contract/supervision";
import { formatServedDates } from "@shared/domain/served-dates";
import { localWallClock, longDayMonthYear } from "@shared/domain/written-out";
import { Check, CircleAlert } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";

/** The fewest characters a dispute's reason takes (the server's rule). */
const REASON_MIN = 5;

/**
 * The on-site supervisor's page (docs/product-rules.md §10), opened from the e-mailed link
 * `/confirm-hours#token=…`: no account, one decision, Confirm or Dispute with a reason. Built for a phone: one
 * column, big buttons.
 */
export default function ConfirmHoursScreen() {
  const token = useTokenFromAddress();
  if (!token) {
    return (
      <LinkNoLongerWorks message="This link is incomplete. Open the link in the e-mail again, or ask the student to send it again." />
    );
  }
  return <ConfirmWithLink key={token} token={token} />;
}

type Outcome = "confirmed" | "disputed";

function ConfirmWithLink({ token }: { token: string }) {
  const check = useSupervisionRequest(token);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (outcome === "confirmed") {
    return (
      <FinalCard title="Thank you: the hours are confirmed">
        The school has been told. You can close this page.
      </FinalCard>
    );
  }
  if (outcome === "disputed") {
    return (
      <FinalCard title="Thank you: your dispute was sent to the school">
        An administrator will read your reason before deciding on these hours. You can close this page.
      </FinalCard>
    );
  }

  if (check.isPending) {
    return (
      <AuthCard title="Confirm hours" description="Checking your link…">
        <div aria-busy className="grid gap-4">
          <Skeleton className="h-24" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      </AuthCard>
    );
  }

  if (check.isError) {
    if (hasStatus(check.error, 410)) {
      return (
        <LinkNoLongerWorks
          title="This link has expired"
          message={errorMessage(check.error, "This link has expired. Ask the student to send it again.")}
        />
      );
    }
    if (hasStatus(check.error, 400)) {
      return (
        <LinkNoLongerWorks message={errorMessage(check.error, "This verification link is not valid.")} />
      );
    }
    return (
      <AuthCard title="Confirm hours" description="Your link could not be checked.">
        <div className="grid gap-5">
          <FormAlert title="Link not checked" message={errorMessage(check.error, "Please try again.")} />
          <Button size="lg" isPending={check.isFetching} onClick={() => void check.refetch()}>
            Try Again
          </Button>
        </div>
      </AuthCard>
    );
  }

  const request = check.data;
  if (request.state !== "open") return <AlreadyAnswered request={request} />;
  return (
    <OpenRequest
      request={request}
      token={token}
      onDecided={setOutcome}
      onOutdated={() => void check.refetch()}
    />
  );
}

/** What the student says they served, as the supervisor reads it before answering. */
function ServedList({ request }: { request: SupervisionRequest }) {
  const dates = formatServedDates(request.servedFrom, request.servedTo);
  return (
    <dl className="grid gap-3 rounded-xl bg-stone-50 p-4 text-sm">
      <div className="grid gap-0.5">
        <dt className="font-medium text-stone-700">Opportunity</dt>
        <dd className="font-semibold text-stone-900">{request.opportunityTitle}</dd>
      </div>
      {dates && (
        <div className="grid gap-0.5">
          <dt className="font-medium text-stone-700">Dates</dt>
          <dd className="text-stone-900">{dates}</dd>
        </div>
      )}
      <div className="grid gap-0.5">
        <dt className="font-medium text-stone-700">Hours</dt>
        <dd className="font-semibold text-stone-900">{request.hours}</dd>
      </div>
      {request.description && (
        <div className="grid gap-0.5">
          <dt className="font-medium text-stone-700">What they did</dt>
          <dd className="whitespace-pre-line break-words text-stone-900">{request.description}</dd>
        </div>
      )}
      {request.reflection && (
        <div className="grid gap-0.5">
          <dt className="font-medium text-stone-700">Their reflection</dt>
          <dd className="whitespace-pre-line break-words text-stone-900">{request.reflection}</dd>
        </div>
      )}
    </dl>
  );
}

function Heading({ request }: { request: SupervisionRequest }) {
  return (
    <span className="grid gap-1">
      <span className="font-semibold text-saffron-900 text-sm">{request.institution}</span>
      <span>
        {request.supervisorName
          ? `Dear ${request.supervisorName}, please check what the student says they served.`
          : "Please check what the student says they served."}
      </span>
    </span>
  );
}

interface OpenRequestProps {
  request: SupervisionRequest;
  token: string;
  onDecided: (outcome: Outcome) => void;
  /** The link was answered or the hours decided meanwhile (409): the check says how. */
  onOutdated: () => void;
}

function OpenRequest({ request, token, onDecided, onOutdated }: OpenRequestProps) {
  const decide = useSupervisionDecision();
  const [disputing, setDisputing] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonErrors, setReasonErrors] = useState<string[] | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  // Dispute was chosen: the reason is what comes next, so the focus goes there.
  useEffect(() => {
    if (disputing) reasonRef.current?.focus();
  }, [disputing]);

  async function send(body: Parameters<typeof decide.mutateAsync>[0]) {
    setFailure(null);
    try {
      await decide.mutateAsync(body);
      onDecided(body.decision === "confirm" ? "confirmed" : "disputed");
    } catch (error) {
      if (hasStatus(error, 409)) {
        onOutdated();
        return;
      }
      const fields = fieldErrorsOf(error);
      if (fields.reason?.length) {
        setReasonErrors(fields.reason);
        return;
      }
      setFailure(errorMessage(error, "Please try again."));
    }
  }

  function sendDispute(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < REASON_MIN) {
      setReasonErrors([`Say what is not right in at least ${REASON_MIN} characters`]);
      return;
    }
    void send({ token, decision: "dispute", reason: trimmed });
  }

  return (
    <AuthCard
      title={`${request.studentName} asks you to confirm their hours`}
      description={<Heading request={request} />}
    >
      <div className="grid gap-5">
        <ServedList request={request} />
        {failure && <FormAlert title="Not sent" message={failure} />}
        {!disputing ? (
          <div className="grid gap-3">
            <Button
              size="lg"
              className="w-full"
              isPending={decide.isPending}
              onClick={() => void send({ token, decision: "confirm" })}
            >
              <Check aria-hidden className="size-5" />
              Confirm Hours
            </Button>
            <Button
              size="lg"
              variant="outline"
              className="w-full"
              disabled={decide.isPending}
              onClick={() => setDisputing(true)}
            >
              <CircleAlert aria-hidden className="size-5" />
              Dispute
            </Button>
          </div>
        ) : (
          <form onSubmit={sendDispute} noValidate className="grid gap-3">
            <TextareaField
              label="What is not right?"
              hint="The school reads this before deciding on the hours. The student may see it."
              required
              minLength={REASON_MIN}
              maxLength={2000}
              ref={reasonRef}
              errors={reasonErrors}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonErrors(undefined);
              }}
            />
            <Button
              type="submit"
              size="lg"
              variant="destructive"
              className="w-full"
              isPending={decide.isPending}
            >
              Send Dispute
            </Button>
            <Button
              type="button"
              size="lg"
              variant="outline"
              className="w-full"
              disabled={decide.isPending}
              onClick={() => {
                setDisputing(false);
                setReasonErrors(undefined);
              }}
            >
              Back
            </Button>
          </form>
        )}
      </div>
    </AuthCard>
  );
}

function AlreadyAnswered({ request }: { request: SupervisionRequest }) {
  const when = request.verifiedAt
    ? ` on ${longDayMonthYear(localWallClock(new Date(request.verifiedAt)))}`
    : "";
  const title =
    request.state === "confirmed"
      ? "These hours are already confirmed"
      : request.state === "disputed"
        ? "These hours are already disputed"
        : "The school has already decided these hours";
  const description =
    request.state === "confirmed"
      ? `They were confirmed${when}. Nothing more is needed.`
      : request.state === "disputed"
        ? `They were disputed${when}${request.disputeReason ? `: “${request.disputeReason}”` : ""}. The school has your reason.`
        : "Nothing more is needed from you.";
  return (
    <AuthCard title={title} description={description}>
      <ServedList request={request} />
    </AuthCard>
  );
}

function FinalCard({ title, children }: { title: string; children: string }) {
  return (
    <AuthCard title={title} description={children} takeFocus>
      <p className="flex items-center gap-2 text-green-900 text-sm">
        <Check aria-hidden className="size-5" />
        Your answer has been recorded.
      </p>
    </AuthCard>
  );
}

function LinkNoLongerWorks({
  message,
  title = "This link does not work",
}: {
  message: string;
  title?: string;
}) {
  return (
    <AuthCard title={title} description={message}>
      <p className="text-sm text-stone-700">
        Links in these e-mails work once and for 14 days. The student can send you a new one from Seva.
      </p>
    </AuthCard>
  );
}

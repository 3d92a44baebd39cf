import { Button } from "@client/components/ui/button";
import { DialogContent, DialogRoot, DialogSubmitActions, DialogTrigger } from "@client/components/ui/dialog";
import { InputField } from "@client/components/ui/field";
import { awardBreakdown } from "@client/lib/award-text";
import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import { expectedAward } from "@shared/domain/coins";
import { MAX_STUDENT_HOURS, MIN_STUDENT_HOURS } from "@shared/domain/limits";
import { Clock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useSubmitHours } from "./api";

/** Whole hours from 1 to 200 (docs/product-rules.md §3), else null: the Submit button stays disabled. */
export function parseStudentHours(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const hours = Number(text);
  return hours >= MIN_STUDENT_HOURS && hours <= MAX_STUDENT_HOURS ? hours : null;
}

interface SubmitHoursDialogProps {
  application: { id: number; coinsAwarded: number };
  opportunity: { title: string; coinsPerHour: number; maxCoins: number };
}

export function SubmitHoursDialog({ application, opportunity }: SubmitHoursDialogProps) {
  const [open, setOpen] = useState(false);
  const [hoursText, setHoursText] = useState("");
  const submitHours = useSubmitHours();
  const handleLoggedOut = useHandleLoggedOut();
  const hours = parseStudentHours(hoursText);
  const basis = {
    coinsPerHour: opportunity.coinsPerHour,
    maxCoins: opportunity.maxCoins,
    alreadyAwarded: application.coinsAwarded,
  };

  function changeOpen(next: boolean) {
    if (submitHours.isPending) return;
    setOpen(next);
    if (next) setHoursText("");
  }

  // mutateAsync rather than mutate's callbacks: the refresh after a success replaces the Submit Hours button
  // (and this dialog) with 'Hours Under Review', and React Query skips the callbacks of an unmounted caller.
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (hours === null) return;
    try {
      // Placeholder until the dialog asks for the dates and the description (issue 19, in progress).
      const today = new Date().toISOString().slice(0, 10);
      await submitHours.mutateAsync({
        id: application.id,
        body: { hours, servedFrom: today, servedTo: today, description: "Hours served on the opportunity" },
      });
      setOpen(false);
      toast({
        title: "Hours Submitted Successfully!",
        description: "Your contribution has been logged and is under review.",
      });
    } catch (error) {
      if (!handleLoggedOut(error))
        toastFailure(error, "Submission Failed", "Please try again or contact support");
    }
  }

  return (
    <DialogRoot open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Clock aria-hidden className="size-4" />
          Submit Hours
          <span className="sr-only">{` for ${opportunity.title}`}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Submit Hours"
        description={`Log the hours you served on “${opportunity.title}”. An administrator reviews them before coins are awarded.`}
      >
        <form onSubmit={submit} className="grid gap-4">
          <InputField
            label="Hours served"
            hint={`Whole hours from ${MIN_STUDENT_HOURS} to ${MAX_STUDENT_HOURS}.`}
            errors={
              hoursText !== "" && hours === null
                ? [`Enter a whole number of hours from ${MIN_STUDENT_HOURS} to ${MAX_STUDENT_HOURS}`]
                : undefined
            }
            type="number"
            inputMode="numeric"
            min={MIN_STUDENT_HOURS}
            max={MAX_STUDENT_HOURS}
            step={1}
            required
            value={hoursText}
            onChange={(event) => setHoursText(event.target.value)}
          />
          <p aria-live="polite" className="rounded-xl bg-saffron-50 px-4 py-3 text-saffron-950 text-sm">
            {hours === null ? (
              `This opportunity pays ${opportunity.coinsPerHour} coins per hour, up to ${opportunity.maxCoins} coins.`
            ) : (
              <>
                You could earn{" "}
                <strong className="font-semibold">{`${expectedAward({ hours, ...basis })} coins`}</strong>{" "}
                {`for these hours (${awardBreakdown({ hours, ...basis })}).`}
              </>
            )}
          </p>
          {application.coinsAwarded > 0 && (
            <p className="text-sm text-stone-700">
              {`You have earned ${application.coinsAwarded} of this opportunity's ${opportunity.maxCoins}-coin cap so far.`}
            </p>
          )}
          <DialogSubmitActions disabled={hours === null} isPending={submitHours.isPending}>
            Submit Hours
          </DialogSubmitActions>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}

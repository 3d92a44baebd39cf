import { Button, buttonClasses } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { LoadError } from "@client/components/ui/load-error";
import { Skeleton } from "@client/components/ui/skeleton";
import { copyLink } from "@client/features/share";
import { toast } from "@client/lib/toast";
import { Copy, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { useCalendarFeed, useResetCalendarFeed } from "./api";

/** The same address for calendar apps that subscribe by the webcal: scheme (Apple Calendar, Outlook). */
export const webcalUrlOf = (url: string) => url.replace(/^https?:\/\//, "webcal://");

/** Profile → Settings: the private feed of the student's accepted opportunities, to copy or to reset. */
export function CalendarFeedSettings() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const fieldId = useId();

  if (feed.isError) return <LoadError what="your calendar link" error={feed.error} onRetry={feed.refetch} />;
  if (!feed.data) return <Skeleton className="h-24" />;
  const { url } = feed.data;

  function confirmReset() {
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: "Link Reset",
          description: "The old link no longer works. Subscribe again with the new one.",
        });
      },
      onError: () => {
        setConfirming(false);
        toast({ title: "Reset Failed", description: "Try again in a moment.", variant: "destructive" });
      },
    });
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor={fieldId} className="font-medium text-sm text-stone-800">
          Feed link
        </label>
        <input
          id={fieldId}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 w-full min-w-0 rounded-lg border border-stone-300 bg-stone-50 px-3 font-mono text-sm text-stone-800"
        />
        <p className="text-sm text-stone-700">
          Apple Calendar and Outlook can also open{" "}
          <a href={webcalUrlOf(url)} className="font-medium text-indigo-800 underline underline-offset-2">
            the webcal:// link
          </a>
          . Keep it to yourself: anyone with it sees these events.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          onClick={() => copyLink(url, "Paste it into your calendar app's 'Subscribe' or 'From URL'.")}
        >
          <Copy aria-hidden className="size-4" />
          Copy Link
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={{
            label: (
              <>
                <RefreshCw aria-hidden className="size-4" />
                Reset Link
              </>
            ),
            className: buttonClasses("outline"),
          }}
          title="Reset your calendar link?"
          description="The current link stops working at once: calendars subscribed to it stop updating. You will get a new link to subscribe with."
          confirmLabel="Reset Link"
          isPending={reset.isPending}
          onConfirm={confirmReset}
        />
      </div>
    </div>
  );
}

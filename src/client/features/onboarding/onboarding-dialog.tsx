import { Button } from "@client/components/ui/button";
import { DialogActions, DialogContent, DialogRoot } from "@client/components/ui/dialog";
import { cn } from "@client/lib/cn";
import { BadgeCheck, Coins, type LucideIcon, Search } from "lucide-react";
import { type RefObject, useId, useRef, useState } from "react";

interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
}

const STEPS: readonly Step[] = [
  {
    icon: Search,
    title: "Browse opportunities",
    text: "Teaching, mentoring, donation drives and community service: use Discover to search and sort what is open right now.",
  },
  {
    icon: BadgeCheck,
    title: "Apply and get approved",
    text: "Apply with one click. An administrator reviews your application, and it shows as 'Ready to Start' once you are accepted.",
  },
  {
    icon: Coins,
    title: "Complete and earn",
    text: "Do the work, submit your hours, and earn coins once they are approved. Coins raise your level and unlock badges.",
  },
];

export interface OnboardingDialogProps {
  open: boolean;
  onDismiss: () => void;
  /**
   * Where focus goes once the dialog closes (there is no trigger to return to); the page's main content when
   * absent or not rendered.
   */
  focusAfterClose?: RefObject<HTMLElement | null>;
}

/**
 * Focus moves without scrolling: closing the tour leaves the page where the student was reading (and focus on
 * an element that is on the page, not on the body).
 */
function focusWithoutScrolling(event: Event, target: HTMLElement | null | undefined) {
  event.preventDefault();
  (target ?? document.getElementById("main"))?.focus({ preventScroll: true });
}

/** The three-step welcome shown to a student on first arrival, and on the dashboard until they apply. */
export function OnboardingDialog({ open, onDismiss, focusAfterClose }: OnboardingDialogProps) {
  const [stepIndex, setStepIndex] = useState(0);
  const headingId = useId();
  const forwardRef = useRef<HTMLButtonElement>(null);
  const step = STEPS[stepIndex] ?? STEPS[0];
  const isLast = stepIndex === STEPS.length - 1;
  if (!step) return null;
  const Icon = step.icon;

  function goBack() {
    setStepIndex(stepIndex - 1);
    // The Back button disappears on the first step; keep focus on the way forward.
    if (stepIndex === 1) forwardRef.current?.focus();
  }

  return (
    <DialogRoot open={open} onOpenChange={(next) => !next && onDismiss()}>
      <DialogContent
        title="Welcome to Seva!"
        description="Three steps from here to your first coins."
        onCloseAutoFocus={(event) => focusWithoutScrolling(event, focusAfterClose?.current)}
      >
        <section
          aria-labelledby={headingId}
          aria-live="polite"
          className="grid gap-3 rounded-xl bg-saffron-50 p-5"
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-saffron-100 text-saffron-800">
            <Icon aria-hidden className="size-6" />
          </span>
          <p className="font-semibold text-saffron-900 text-xs uppercase tracking-wide">
            {`Step ${stepIndex + 1} of ${STEPS.length}`}
          </p>
          <h3 id={headingId} className="font-semibold text-lg text-stone-900">
            {step.title}
          </h3>
          <p className="text-stone-700">{step.text}</p>
        </section>
        <ol aria-hidden className="flex justify-center gap-2">
          {STEPS.map((item, index) => (
            <li
              key={item.title}
              className={cn(
                "h-2 rounded-full transition-all",
                index === stepIndex ? "w-6 bg-saffron-700" : "w-2 bg-stone-300",
              )}
            />
          ))}
        </ol>
        <DialogActions>
          <Button variant="ghost" onClick={onDismiss}>
            Skip
          </Button>
          {stepIndex > 0 && (
            <Button variant="outline" onClick={goBack}>
              Back
            </Button>
          )}
          {/* One button for Next and Start Exploring, so focus stays on it as the label changes. */}
          <Button ref={forwardRef} onClick={isLast ? onDismiss : () => setStepIndex(stepIndex + 1)}>
            {isLast ? "Start Exploring" : "Next"}
          </Button>
        </DialogActions>
      </DialogContent>
    </DialogRoot>
  );
}

import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import type { CurrentUser, InterestsBody } from "@shared/contract/auth";
import { Sparkles } from "lucide-react";
import { useId, useState } from "react";
import { useSaveInterests } from "./api";
import { InterestsPicker } from "./interests-picker";

const NOTHING: InterestsBody = { skills: [], types: [] };

/**
 * Asks a student once what they would like to do (docs/product-rules.md §12, ADR 0035), after the temporary-password
 * prompt: the server says when (`interestsPrompt`). Like that prompt it sits above the page and does not block it.
 * 'Skip for Now' saves an empty choice, so it is not asked again; Profile keeps the choice editable.
 */
export function InterestsPrompt({ user }: { user: CurrentUser }) {
  const [choice, setChoice] = useState<InterestsBody>(user.interests);
  const saveInterests = useSaveInterests();
  const handleLoggedOut = useHandleLoggedOut();
  const headingId = useId();
  const [pendingAction, setPendingAction] = useState<"save" | "skip">();
  if (!user.interestsPrompt) return null;

  function answer(interests: InterestsBody, action: "save" | "skip") {
    setPendingAction(action);
    saveInterests.save(interests, {
      onSuccess: () =>
        toast(
          action === "save"
            ? { title: "Interests Saved", description: "'Recommended' now puts what matches them first." }
            : {
                title: "Maybe Later",
                description: "You can choose your interests any time in your Profile.",
              },
        ),
      onError: (error) => {
        if (!handleLoggedOut(error)) toastFailure(error, "Not Saved", "Please try again");
      },
    });
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <Card className="p-5 sm:p-6">
        <section aria-labelledby={headingId} className="grid gap-5">
          <div className="flex items-start gap-3">
            <Sparkles aria-hidden className="mt-1 size-5 shrink-0 text-indigo-700" />
            <div className="grid gap-1">
              <h2 id={headingId} className="font-semibold text-lg text-stone-900">
                What would you like to do?
              </h2>
              <p className="text-stone-700">
                Choose the skills you would like to use and the causes you care about. 'Recommended' puts the
                opportunities that match first. You can change them any time in your Profile.
              </p>
            </div>
          </div>
          <InterestsPicker value={choice} onChange={setChoice} disabled={saveInterests.isPending} />
          <div className="flex flex-wrap gap-3">
            <Button
              isPending={saveInterests.isPending && pendingAction === "save"}
              disabled={saveInterests.isPending}
              onClick={() => answer(choice, "save")}
            >
              Save Interests
            </Button>
            <Button
              variant="outline"
              isPending={saveInterests.isPending && pendingAction === "skip"}
              disabled={saveInterests.isPending}
              onClick={() => answer(NOTHING, "skip")}
            >
              Skip for Now
            </Button>
          </div>
        </section>
      </Card>
    </div>
  );
}

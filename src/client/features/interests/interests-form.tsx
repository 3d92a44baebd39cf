import { Button } from "@client/components/ui/button";
import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import type { CurrentUser, InterestsBody } from "@shared/contract/auth";
import { useState } from "react";
import { useSaveInterests } from "./api";
import { InterestsPicker } from "./interests-picker";

/** Profile's 'Interests': the same picker as the first-run question, saved on request (ADR 0035). */
export function InterestsForm({ user }: { user: CurrentUser }) {
  const [choice, setChoice] = useState<InterestsBody>(user.interests);
  const saveInterests = useSaveInterests();
  const handleLoggedOut = useHandleLoggedOut();
  const isChanged =
    choice.skills.join() !== user.interests.skills.join() ||
    choice.types.join() !== user.interests.types.join();

  return (
    <form
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        saveInterests.save(choice, {
          onSuccess: () =>
            toast({
              title: "Interests Saved",
              description: "'Recommended' now puts what matches them first.",
            }),
          onError: (error) => {
            if (!handleLoggedOut(error))
              toastFailure(error, "Not Saved", "Your interests could not be saved");
          },
        });
      }}
    >
      <InterestsPicker value={choice} onChange={setChoice} disabled={saveInterests.isPending} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isPending={saveInterests.isPending}>
          Save Interests
        </Button>
        {isChanged && <p className="text-sm text-stone-700">You have unsaved changes.</p>}
      </div>
    </form>
  );
}

import { Button } from "@client/components/ui/button";
import { DialogActions, DialogContent, DialogRoot } from "@client/components/ui/dialog";
import { FormAlert } from "@client/components/ui/form-alert";
import { errorMessage } from "@client/lib/api-client";
import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import type { CurrentUser } from "@shared/contract/auth";
import { PROGRAM_LABELS, PROGRAMS, type Program } from "@shared/domain/enums";
import { type FormEvent, useState } from "react";
import { useUpdateProfile } from "./api";

/**
 * The programme question itself (see ./program-prompt.tsx). The leaderboard and the reports group students by
 * programme, so it cannot be skipped: no close button, and Escape or a click outside leaves it open.
 */
export function ProgramPromptDialog({ user }: { user: CurrentUser }) {
  const updateProfile = useUpdateProfile();
  const handleLoggedOut = useHandleLoggedOut();
  const [program, setProgram] = useState<Program | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!program) {
      setFailure("Choose your programme.");
      return;
    }
    setFailure(null);
    // The answer is the updated user, which closes this dialog and opens the next question, if any.
    updateProfile.mutate(
      { program },
      {
        onSuccess: () =>
          toast({ title: "Programme Saved", description: "You can change it any time in your Profile." }),
        onError: (error) => {
          if (handleLoggedOut(error)) return;
          setFailure(errorMessage(error, "Please try again."));
          toastFailure(error, "Not Saved", "Please try again");
        },
      },
    );
  }

  return (
    <DialogRoot open={user.programPrompt}>
      <DialogContent
        dismissible={false}
        title="Which programme are you in?"
        description="Your programme appears on the leaderboard and in reports."
        onCloseAutoFocus={(event) => {
          // No trigger to return to: the page behind, without scrolling it.
          event.preventDefault();
          document.getElementById("main")?.focus({ preventScroll: true });
        }}
      >
        <form onSubmit={submit} className="grid gap-4">
          <FormAlert title="Not saved" message={failure} />
          <fieldset className="grid gap-2" disabled={updateProfile.isPending}>
            <legend className="sr-only">Programme</legend>
            {PROGRAMS.map((option) => (
              <label
                key={option}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-300 px-3 py-2 text-stone-900 hover:border-stone-400 has-[:checked]:border-saffron-700 has-[:checked]:bg-saffron-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 has-[:focus-visible]:outline-offset-2"
              >
                <input
                  type="radio"
                  name="program"
                  value={option}
                  checked={program === option}
                  onChange={() => {
                    setProgram(option);
                    setFailure(null);
                  }}
                  className="size-4 accent-saffron-700 focus-visible:outline-none"
                />
                {PROGRAM_LABELS[option]}
              </label>
            ))}
          </fieldset>
          <DialogActions>
            <Button type="submit" isPending={updateProfile.isPending}>
              Continue
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}

import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import type { CurrentUser } from "@shared/contract/auth";
import { Switch } from "radix-ui";
import { useId } from "react";
import { useUpdateProfile } from "./api";

/** Saves as soon as it is flipped; shows the requested state while the request is on its way. */
export function LeaderboardPrivacySwitch({ user }: { user: CurrentUser }) {
  const updateProfile = useUpdateProfile();
  const handleLoggedOut = useHandleLoggedOut();
  const switchId = useId();
  const descriptionId = useId();
  const checked = updateProfile.isPending
    ? Boolean(updateProfile.variables?.anonymizeLeaderboard)
    : user.anonymizeLeaderboard;

  function change(anonymizeLeaderboard: boolean) {
    updateProfile.mutate(
      { anonymizeLeaderboard },
      {
        onSuccess: () =>
          toast({
            title: "Privacy Updated",
            description: anonymizeLeaderboard
              ? "Others now see you as an anonymous student on the leaderboard."
              : "Your name is now shown on the leaderboard.",
          }),
        onError: (error) => {
          if (!handleLoggedOut(error))
            toastFailure(error, "Update Failed", "Your setting could not be saved");
        },
      },
    );
  }

  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <label htmlFor={switchId} className="font-medium text-stone-900">
          Anonymize me on the leaderboard
        </label>
        <p id={descriptionId} className="text-sm text-stone-700">
          Other students see you as “Student #NNN”. You still see your own name.
        </p>
      </div>
      <Switch.Root
        id={switchId}
        aria-describedby={descriptionId}
        checked={checked}
        disabled={updateProfile.isPending}
        onCheckedChange={change}
        className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-stone-500 transition-colors disabled:cursor-wait data-[state=checked]:bg-saffron-700"
      >
        <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
      </Switch.Root>
    </div>
  );
}

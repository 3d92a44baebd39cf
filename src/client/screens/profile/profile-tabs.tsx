import { BadgeCollection } from "@client/features/badges";
import { CertificatesPanel } from "@client/features/certificates";
import type { CurrentUser } from "@shared/contract/auth";
import { Tabs } from "radix-ui";
import { useLocation } from "react-router";
import { ProfileActivity } from "./profile-activity";
import { ProfileSettings } from "./profile-settings";

const triggerClasses =
  "flex-1 rounded-lg px-2 py-2 font-medium text-sm text-stone-700 transition-colors hover:text-stone-900 data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm sm:flex-none sm:px-4";

export function ProfileTabs({ user }: { user: CurrentUser }) {
  // '#interests' (paths.profileInterests) opens the settings, where the section is.
  const { hash } = useLocation();
  const isStudent = user.role === "student";
  return (
    <Tabs.Root
      defaultValue={
        hash === "#interests"
          ? "settings"
          : hash === "#certificates" && isStudent
            ? "certificates"
            : "activity"
      }
      className="mt-8 grid gap-6"
    >
      <Tabs.List
        aria-label="Profile sections"
        className="flex w-full gap-1 rounded-xl bg-stone-200/70 p-1 sm:w-fit"
      >
        <Tabs.Trigger value="activity" className={triggerClasses}>
          Activity
        </Tabs.Trigger>
        <Tabs.Trigger value="badges" className={triggerClasses}>
          Badges
        </Tabs.Trigger>
        {isStudent ? (
          <Tabs.Trigger value="certificates" className={triggerClasses}>
            Certificates
          </Tabs.Trigger>
        ) : null}
        <Tabs.Trigger value="settings" className={triggerClasses}>
          Settings
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="activity">
        <h2 className="sr-only">Activity</h2>
        <ProfileActivity user={user} />
      </Tabs.Content>
      <Tabs.Content value="badges">
        <h2 className="sr-only">Badges</h2>
        <BadgeCollection userId={user.id} coins={user.coins ?? 0} />
      </Tabs.Content>
      {isStudent ? (
        <Tabs.Content value="certificates">
          <h2 className="sr-only">Certificates</h2>
          <CertificatesPanel userId={user.id} />
        </Tabs.Content>
      ) : null}
      <Tabs.Content value="settings">
        <ProfileSettings user={user} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

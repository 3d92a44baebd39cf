import { Button } from "@client/components/ui/button";
import { SettingsSection } from "@client/components/ui/settings-section";
import {
  AccountDetailsForm,
  ChangePasswordForm,
  DeleteAccountDialog,
  LeaderboardPrivacySwitch,
  MyDataDownload,
} from "@client/features/auth";
import { useLogout } from "@client/features/auth/api";
import { CalendarFeedSettings } from "@client/features/calendar";
import { InterestsForm } from "@client/features/interests";
import { NotificationSettings } from "@client/features/mail";
import type { CurrentUser } from "@shared/contract/auth";
import { LogOut } from "lucide-react";

export function ProfileSettings({ user }: { user: CurrentUser }) {
  const logout = useLogout();

  return (
    <div className="grid gap-6">
      <SettingsSection title="Account details" description="Your name and program as others see them.">
        <AccountDetailsForm user={user} />
      </SettingsSection>
      {user.role === "student" && (
        // The target of 'Choose your interests' links (paths.profileInterests).
        <div id="interests" className="scroll-mt-20">
          <SettingsSection
            title="Interests"
            description="The skills you would like to use and the causes you care about: 'Recommended' puts the opportunities that match first."
          >
            <InterestsForm user={user} />
          </SettingsSection>
        </div>
      )}
      <SettingsSection title="Privacy">
        <LeaderboardPrivacySwitch user={user} />
      </SettingsSection>
      <SettingsSection title="Notifications" description="What reaches you by e-mail.">
        <NotificationSettings />
      </SettingsSection>
      {user.role === "student" && (
        <SettingsSection
          title="Calendar feed"
          description="The opportunities you are accepted to, in your calendar app, kept up to date."
        >
          <CalendarFeedSettings />
        </SettingsSection>
      )}
      <SettingsSection
        title="Your data"
        description="One JSON file with everything Seva holds about you: your account, applications, hours and their timelines, coins, badges, certificates, notifications and waiting lists (never your password)."
      >
        <MyDataDownload />
      </SettingsSection>
      {/* Where passwords are off, only break-glass accounts have one to change (ADR 0041). */}
      {user.passwordChange && (
        <SettingsSection
          title="Change password"
          description="You need your current password to set a new one."
        >
          <ChangePasswordForm />
        </SettingsSection>
      )}
      <SettingsSection title="Session and account">
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" isPending={logout.isPending} onClick={() => logout.mutate()}>
            <LogOut aria-hidden className="size-4" />
            Logout
          </Button>
          <DeleteAccountDialog />
        </div>
      </SettingsSection>
    </div>
  );
}

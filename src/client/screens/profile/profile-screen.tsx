import { Page } from "@client/components/ui/page";
import { useCurrentUser } from "@client/features/auth/api";
import { queryKeys } from "@client/lib/query-keys";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { ProfileHeader } from "./profile-header";
import { ProfileTabs } from "./profile-tabs";

export default function ProfileScreen() {
  // RequireSignedIn renders this screen only with a user.
  const { user } = useCurrentUser();
  // Admins decide on applications and badges from another browser; show their latest word.
  useRefreshOnVisit(queryKeys.applications, queryKeys.badges);
  if (!user) return null;

  return (
    <Page>
      <title>Profile · Seva</title>
      <ProfileHeader user={user} />
      <ProfileTabs user={user} />
    </Page>
  );
}

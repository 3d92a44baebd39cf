import { Page } from "../../components/ui/page";
import { useCurrentUser } from "../../features/auth/api";
import { ProfileHeader } from "../../features/profile/profile-header";
import { ProfileTabs } from "../../features/profile/profile-tabs";

export default function ProfileScreen() {
  // RequireSignedIn renders this screen only with a user.
  const { user } = useCurrentUser();
  if (!user) return null;

  return (
    <Page>
      <title>Profile · Seva</title>
      <ProfileHeader user={user} />
      <ProfileTabs user={user} />
    </Page>
  );
}

import { useParams } from "react-router";
import { ApplicationsPage } from "../../features/applications/applications-page";

export default function AdminApplicationsScreen() {
  const { opportunityId } = useParams();
  return <ApplicationsPage key={opportunityId} opportunityId={Number(opportunityId)} />;
}

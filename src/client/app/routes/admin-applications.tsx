import { ApplicationsPage } from "@client/features/applications/applications-page";
import { useParams } from "react-router";

export default function AdminApplicationsScreen() {
  const { opportunityId } = useParams();
  return <ApplicationsPage key={opportunityId} opportunityId={Number(opportunityId)} />;
}

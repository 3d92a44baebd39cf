import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { PageHeader } from "@client/components/ui/page-header";
import { Skeleton } from "@client/components/ui/skeleton";
import { OpportunityNotFound, parseOpportunityId } from "@client/features/opportunities";
import { useOpportunity, useUpdateOpportunity } from "@client/features/opportunities/api";
import { formValuesFrom, OpportunityForm } from "@client/features/opportunity-editor";
import { hasStatus } from "@client/lib/api-client";
import { paths } from "@client/lib/paths";
import { queryKeys } from "@client/lib/query-keys";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import { useState } from "react";
import { useParams } from "react-router";
import { useSaveOpportunity } from "./use-save-opportunity";

/** `id` is undefined when the address holds no valid id. */
function EditOpportunity({ id }: { id: number | undefined }) {
  const query = useOpportunity(id ?? 0);
  const update = useUpdateOpportunity();
  // The form copies the opportunity once, so it waits for a fresh copy rather than one cached on an earlier visit.
  useRefreshOnVisit(queryKeys.opportunity(id ?? 0));
  const [openedAt] = useState(Date.now);
  const hasFreshCopy = query.data !== undefined && query.dataUpdatedAt >= openedAt;
  const save = useSaveOpportunity("Opportunity updated successfully", "Failed to update opportunity");
  useSendToLoginWhenUnauthorized(query.error);

  if (id === undefined || hasStatus(query.error, 404)) {
    return <OpportunityNotFound backTo={paths.adminOpportunities} backLabel="Back to the Manager" />;
  }
  return (
    <Page>
      <PageHeader
        title="Edit Opportunity"
        description={
          query.data
            ? `Changing “${query.data.title}”. Students see the changes as soon as you save.`
            : undefined
        }
      />
      {query.data && hasFreshCopy ? (
        <OpportunityForm
          initialValues={formValuesFrom(query.data)}
          submitLabel="Update Opportunity"
          isPending={update.isPending}
          onSubmit={(input) => save(() => update.mutateAsync({ id, body: input }))}
          share={query.data.shareToken ? { id, shareToken: query.data.shareToken } : undefined}
        />
      ) : query.isError ? (
        <LoadError what="this opportunity" error={query.error} onRetry={query.refetch} />
      ) : (
        <div aria-busy className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <span className="sr-only">Loading the opportunity</span>
          <Skeleton className="h-[32rem] rounded-2xl" />
          <Skeleton className="h-80 rounded-2xl" />
        </div>
      )}
    </Page>
  );
}

/** /admin/opportunities/:id/edit. */
export default function EditOpportunityScreen() {
  const { id } = useParams();
  return <EditOpportunity key={id} id={parseOpportunityId(id)} />;
}

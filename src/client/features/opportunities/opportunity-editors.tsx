import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { PageHeader } from "@client/components/ui/page-header";
import { Skeleton } from "@client/components/ui/skeleton";
import { OpportunityForm } from "@client/features/opportunity-editor/opportunity-form";
import { emptyFormValues, formValuesFrom } from "@client/features/opportunity-editor/opportunity-form-values";
import { hasStatus } from "@client/lib/api-client";
import { paths } from "@client/lib/paths";
import { queryKeys } from "@client/lib/query-keys";
import { toast, toastFailure } from "@client/lib/toast";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import {
  ADMIN_LOGGED_OUT_NOTICE,
  useHandleLoggedOut,
  useSendToLoginWhenUnauthorized,
} from "@client/lib/use-send-to-login";
import { useState } from "react";
import { useNavigate } from "react-router";
import { type OpportunityInput, useCreateOpportunity, useOpportunity, useUpdateOpportunity } from "./api";
import { OpportunityNotFound } from "./opportunity-not-found";

/** Runs a create or update; on success toasts and returns to the manager, on failure explains and rethrows. */
function useSaveOpportunity(success: string, failure: string) {
  const navigate = useNavigate();
  const handleLoggedOut = useHandleLoggedOut(ADMIN_LOGGED_OUT_NOTICE);
  return async (save: () => Promise<unknown>) => {
    try {
      await save();
    } catch (error) {
      if (!handleLoggedOut(error)) toastFailure(error, "Error", failure);
      throw error;
    }
    toast({ title: success });
    void navigate(paths.adminOpportunities);
  };
}

export function CreateOpportunity() {
  const create = useCreateOpportunity();
  const save = useSaveOpportunity("Opportunity created successfully", "Failed to create opportunity");
  return (
    <Page>
      <PageHeader
        title="Create New Opportunity"
        description="Describe the work, the reward and who can see it. The preview shows what students will see."
      />
      <OpportunityForm
        initialValues={emptyFormValues}
        submitLabel="Create Opportunity"
        isPending={create.isPending}
        onSubmit={(input: OpportunityInput) => save(() => create.mutateAsync(input))}
      />
    </Page>
  );
}

/** `id` is undefined when the address holds no valid id. */
export function EditOpportunity({ id }: { id: number | undefined }) {
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

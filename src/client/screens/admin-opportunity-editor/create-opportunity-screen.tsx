import { Page } from "@client/components/ui/page";
import { PageHeader } from "@client/components/ui/page-header";
import { type OpportunityInput, useCreateOpportunity } from "@client/features/opportunities/api";
import { emptyFormValues, OpportunityForm } from "@client/features/opportunity-editor";
import { useSaveOpportunity } from "./use-save-opportunity";

/** /admin/opportunities/new. */
export default function CreateOpportunityScreen() {
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

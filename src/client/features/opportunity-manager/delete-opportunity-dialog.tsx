import { RemoveDialog } from "@client/components/remove-dialog";
import { useDeleteOpportunity } from "@client/features/opportunities/api";
import { Trash2 } from "lucide-react";

/** 'Remove' on a manager card, behind the spec's confirmation (docs/product-spec.md §5). */
export function DeleteOpportunityDialog({ id, title }: { id: number; title: string }) {
  const remove = useDeleteOpportunity();
  return (
    <RemoveDialog
      icon={Trash2}
      what={title}
      title={`Remove “${title}”?`}
      description="Are you sure you want to permanently delete this opportunity? This action cannot be undone."
      confirmLabel="Delete Opportunity"
      remove={async () => {
        await remove.mutateAsync(id);
        return "The opportunity has been permanently removed.";
      }}
      isPending={remove.isPending}
      successTitle="Opportunity Deleted"
      failure="Failed to delete opportunity"
    />
  );
}

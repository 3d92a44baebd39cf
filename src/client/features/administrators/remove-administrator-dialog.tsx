import { RemoveDialog } from "@client/components/remove-dialog";
import type { Administrator } from "@shared/contract/administrators";
import { ShieldOff } from "lucide-react";
import { useRemoveAdministrator } from "./api";

/** 'Remove' beside another administrator: confirmed, then they are a student again. */
export function RemoveAdministratorDialog({ administrator }: { administrator: Administrator }) {
  const remove = useRemoveAdministrator();
  const name = `${administrator.firstName} ${administrator.lastName}`;
  return (
    <RemoveDialog
      icon={ShieldOff}
      what={`${name} as administrator`}
      title={`Remove ${name} as administrator?`}
      description="They become a student again: they keep their coins and history, return to the leaderboard, and can no longer publish opportunities or decide applications."
      confirmLabel="Remove Rights"
      remove={async () => (await remove.mutateAsync(administrator.id)).message}
      isPending={remove.isPending}
      successTitle="Administrator Removed"
      failure="Failed to remove administrator rights"
    />
  );
}

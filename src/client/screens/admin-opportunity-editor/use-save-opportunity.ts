import { paths } from "@client/lib/paths";
import { toast, toastFailure } from "@client/lib/toast";
import { ADMIN_LOGGED_OUT_NOTICE, useHandleLoggedOut } from "@client/lib/use-send-to-login";
import { useNavigate } from "react-router";

/** Runs a create or update; on success toasts and returns to the manager, on failure explains and rethrows. */
export function useSaveOpportunity(success: string, failure: string) {
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

import { useUpdateProfile } from "@client/features/auth/api";
import { queryKeys } from "@client/lib/query-keys";
import type { InterestsBody } from "@shared/contract/auth";
import { useQueryClient } from "@tanstack/react-query";

/**
 * Saves a student's interests through the profile (ADR 0035); the current user comes back with them. An empty
 * choice is how 'Skip for Now' records that the question was asked. 'Recommended' depends on them, so the
 * opportunity lists are asked again.
 */
export function useSaveInterests() {
  const updateProfile = useUpdateProfile();
  const queryClient = useQueryClient();
  return {
    isPending: updateProfile.isPending,
    variables: updateProfile.variables?.interests,
    save: (
      interests: InterestsBody,
      options: { onSuccess?: () => void; onError?: (error: unknown) => void },
    ) =>
      updateProfile.mutate(
        { interests },
        {
          onSuccess: () => {
            void queryClient.invalidateQueries({ queryKey: queryKeys.opportunities });
            options.onSuccess?.();
          },
          onError: options.onError,
        },
      ),
  };
}

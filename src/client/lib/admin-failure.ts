import { errorMessage, NetworkError } from "./api-client";
import { toast, toastFailure } from "./toast";

/**
 * The destructive 'Error' toast of a failed admin action (docs/product-spec.md §8: 'Failed to close
 * opportunity'…), followed by the server's reason when it gave one, e.g. that someone else closed it first.
 */
export function toastAdminFailure(error: unknown, failure: string): void {
  if (error instanceof NetworkError) {
    toastFailure(error, "Error", failure);
    return;
  }
  const reason = errorMessage(error, "");
  toast({ title: "Error", description: reason ? `${failure}: ${reason}` : failure, variant: "destructive" });
}

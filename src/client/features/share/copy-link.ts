import { toast } from "@client/lib/toast";

/**
 * Puts an address on the clipboard and says so. The clipboard can refuse (no permission, an insecure page): then
 * the toast shows the address, to copy by hand.
 */
export async function copyLink(url: string, description: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: "Link Copied", description });
  } catch {
    toast({ title: "Copy Failed", description: `Copy this link instead: ${url}`, variant: "destructive" });
  }
}

import { Share2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { toast } from "../../lib/toast";

/** Copies the page's address, so a private opportunity can be passed on by its link. */
export function ShareButton() {
  async function share() {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link Copied", description: "The link to this opportunity is on your clipboard." });
    } catch {
      toast({ title: "Copy Failed", description: `Copy this link instead: ${url}`, variant: "destructive" });
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={share}>
      <Share2 aria-hidden className="size-4" />
      Share
    </Button>
  );
}

import { Button } from "@client/components/ui/button";
import { absoluteUrl, shareLinkOf } from "@client/lib/paths";
import type { OpportunityDetail } from "@shared/contract/opportunities";
import { Share2 } from "lucide-react";
import { copyLink } from "./copy-link";

interface ShareButtonProps {
  opportunity: Pick<OpportunityDetail, "id" | "visibility" | "shareToken">;
}

/**
 * Copies the link to this opportunity. For a private one an admin (who alone holds its token) copies the share
 * link that opens it; a student who came by that link has its key in the page's address already.
 */
export function ShareButton({ opportunity }: ShareButtonProps) {
  function share() {
    const url =
      opportunity.visibility === "private" && opportunity.shareToken
        ? absoluteUrl(shareLinkOf(opportunity.id, opportunity.shareToken))
        : window.location.href;
    return copyLink(url, "The link to this opportunity is on your clipboard.");
  }

  return (
    <Button variant="outline" size="sm" onClick={share}>
      <Share2 aria-hidden className="size-4" />
      Share
    </Button>
  );
}

import { Button } from "@client/components/ui/button";
import { absoluteUrl, shareLinkOf } from "@client/lib/paths";
import { Link2 } from "lucide-react";
import type { ComponentProps } from "react";
import { copyLink } from "./copy-link";

interface CopyShareLinkButtonProps extends Pick<ComponentProps<"button">, "aria-describedby" | "className"> {
  id: number;
  shareToken: string;
  /** Said after the label to screen readers where several opportunities each have the button (the manager). */
  title?: string;
}

/** Copies the share link that opens a private opportunity to students (ADR 0017); for admins, who hold it. */
export function CopyShareLinkButton({ id, shareToken, title, ...props }: CopyShareLinkButtonProps) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() =>
        copyLink(
          absoluteUrl(shareLinkOf(id, shareToken)),
          "Students who open this link can see the private opportunity and apply.",
        )
      }
      {...props}
    >
      <Link2 aria-hidden className="size-4" />
      Copy share link
      {title && <span className="sr-only">{` ${title}`}</span>}
    </Button>
  );
}

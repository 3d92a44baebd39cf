import { buttonClasses } from "@client/components/ui/button";
import { cn } from "@client/lib/cn";
import { authContract } from "@client/lib/contract";
import { Download } from "lucide-react";

/**
 * My data (ADR 0040): a plain link to the export, a GET the session cookie authorises; the server names the file
 * (seva-my-data-YYYY-MM-DD.json) and sends it as an attachment, so the browser saves it.
 */
export function MyDataDownload() {
  return (
    <a href={authContract.exportData.path} download className={cn(buttonClasses("outline", "md"), "w-fit")}>
      <Download aria-hidden className="size-4" />
      Download My Data
    </a>
  );
}

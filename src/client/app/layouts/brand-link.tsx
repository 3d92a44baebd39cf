import { cn } from "@client/lib/cn";
import { paths } from "@client/lib/paths";
import { HandHeart } from "lucide-react";
import { Link } from "react-router";

/** The "Seva" word mark, linking home. `tone="light"` is for dark backgrounds. */
export function BrandLink({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <Link
      to={paths.home}
      className={cn(
        "flex items-center gap-2 rounded-lg py-1 font-bold text-xl tracking-tight",
        tone === "dark" ? "text-indigo-950" : "text-white",
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-saffron-500 to-saffron-700 text-white shadow-sm">
        <HandHeart aria-hidden className="size-5" />
      </span>
      Seva
    </Link>
  );
}

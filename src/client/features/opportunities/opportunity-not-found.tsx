import { buttonClasses } from "@client/components/ui/button";
import { Page } from "@client/components/ui/page";
import { ArrowLeft, SearchX } from "lucide-react";
import { Link } from "react-router";

/** Shown for an id that does not exist (or was deleted) and for one that is not an id at all. */
export function OpportunityNotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <Page className="max-w-xl">
      <title>Opportunity Not Found · Seva</title>
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-stone-300 border-dashed bg-white/60 px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-saffron-100 text-saffron-800">
          <SearchX aria-hidden className="size-7" />
        </span>
        <h1 className="font-bold text-2xl text-stone-900 tracking-tight">Opportunity Not Found</h1>
        <p className="text-stone-700">
          This opportunity may have been removed, or the link is not quite right.
        </p>
        <Link to={backTo} className={buttonClasses("primary")}>
          <ArrowLeft aria-hidden className="size-4" />
          {backLabel}
        </Link>
      </div>
    </Page>
  );
}

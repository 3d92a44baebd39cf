import type { CurrentUser } from "@shared/contract/auth";
import { useEffect, useState } from "react";

type Dialog = typeof import("./program-prompt-dialog").ProgramPromptDialog;

/**
 * Asks a student made by the institution's sign-in for the programme registration would have asked for
 * (ADR 0041): the server says when (`programPrompt`), before any other question. Few students are ever asked, so
 * the dialog's code loads only for them, beside every page (the root layout).
 */
export function ProgramPrompt({ user }: { user: CurrentUser }) {
  // Kept once loaded: answered, the dialog closes itself (and gives focus back to the page) rather than vanish.
  // Loaded by hand rather than through lazy() and <Suspense>: revealed by a Suspense boundary, the dialog left the
  // page aria-hidden (hidden from screen readers) after it closed, as the client tests saw it.
  const [Dialog, setDialog] = useState<{ component: Dialog } | null>(null);
  const isAsked = user.programPrompt;
  useEffect(() => {
    if (!isAsked || Dialog) return;
    let isCurrent = true;
    import("./program-prompt-dialog").then(
      (module) => isCurrent && setDialog({ component: module.ProgramPromptDialog }),
      // A chunk that fails to load (a deploy in between) leaves the question for the next page load.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [isAsked, Dialog]);
  if (!Dialog) return null;
  return <Dialog.component user={user} />;
}

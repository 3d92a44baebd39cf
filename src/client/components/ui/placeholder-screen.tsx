import { ComingSoon } from "./coming-soon";
import { Page } from "./page";
import { PageHeader } from "./page-header";

/** A screen that is routed and guarded already, and filled in by a later release. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <Page>
      <PageHeader title={title} />
      <ComingSoon />
    </Page>
  );
}

import { Card } from "@client/components/ui/card";
import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { Skeleton } from "@client/components/ui/skeleton";
import { ApplyCard, capacityText } from "@client/features/apply";
import { useCurrentUser } from "@client/features/auth/api";
import { AddToCalendar } from "@client/features/calendar";
import {
  OpportunityImage,
  OpportunityNotFound,
  OpportunityStatusBadge,
  OpportunityTypeTag,
  parseOpportunityId,
  SkillTags,
} from "@client/features/opportunities";
import { useOpportunity } from "@client/features/opportunities/api";
import { ShareButton } from "@client/features/share";
import { hasStatus } from "@client/lib/api-client";
import { cn } from "@client/lib/cn";
import { creatorName, durationText, TYPE_LABELS } from "@client/lib/opportunity-labels";
import { paths } from "@client/lib/paths";
import { queryKeys } from "@client/lib/query-keys";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import type { OpportunityDetail } from "@shared/contract/opportunities";
import { formatDateRange } from "@shared/domain/event-dates";
import {
  ArrowLeft,
  CalendarClock,
  CalendarDays,
  Clock,
  type LucideIcon,
  Mail,
  MapPin,
  Phone,
  Tag,
  Users,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams, useSearchParams } from "react-router";

interface OpportunityDetailPageProps {
  /** Undefined when the address holds no valid id. */
  id: number | undefined;
  /** The `key` of the share link the page was opened by: it opens a private opportunity (ADR 0017). */
  shareKey?: string;
}

/** /opportunity/:id, or a private opportunity's share link /opportunity/:id?key=… */
function OpportunityDetailPage({ id, shareKey }: OpportunityDetailPageProps) {
  const { user } = useCurrentUser();
  const query = useOpportunity(id ?? 0, shareKey);
  useRefreshOnVisit(queryKeys.opportunity(id ?? 0));
  useSendToLoginWhenUnauthorized(query.error);

  if (id === undefined || hasStatus(query.error, 404)) {
    return <OpportunityNotFound backTo={paths.home} backLabel="Back to Opportunities" />;
  }
  if (query.data) return <OpportunityDetailView opportunity={query.data} user={user} shareKey={shareKey} />;
  if (query.isError) {
    return (
      <Page>
        <title>Opportunity · Seva</title>
        <h1 className="mb-6 font-bold text-2xl text-stone-900">Opportunity</h1>
        <LoadError what="this opportunity" error={query.error} onRetry={query.refetch} />
      </Page>
    );
  }
  return <DetailSkeleton />;
}

function OpportunityDetailView({
  opportunity,
  user,
  shareKey,
}: {
  opportunity: OpportunityDetail;
  user: ReturnType<typeof useCurrentUser>["user"];
  shareKey: string | undefined;
}) {
  return (
    <Page className="grid gap-6">
      <title>{`${opportunity.title} · Seva`}</title>
      <Link
        to={paths.opportunities}
        className="flex w-fit items-center gap-1.5 font-medium text-sm text-stone-700 underline-offset-2 hover:text-stone-900 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        All opportunities
      </Link>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <OpportunityStatusBadge status={opportunity.status} />
            <OpportunityTypeTag type={opportunity.type} />
            {opportunity.visibility === "private" && (
              <span className="font-medium text-stone-600 text-xs">Private: shared by link</span>
            )}
          </div>
          <h1 className="break-words font-bold text-2xl text-stone-900 tracking-tight sm:text-3xl">
            {opportunity.title}
          </h1>
          {/* When it happens is what a student plans around: beside the title, not down in the details. */}
          {opportunity.startsAt !== null && (
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-indigo-950">
              <CalendarDays aria-hidden className="size-5 shrink-0 text-saffron-700" />
              <span className="sr-only">When:</span>
              <time dateTime={opportunity.startsAt}>
                {formatDateRange(opportunity.startsAt, opportunity.endsAt)}
              </time>
              <span className="font-normal text-sm text-stone-600">India time (IST)</span>
            </p>
          )}
          <p className="text-stone-700">{`Posted by ${creatorName(opportunity.creator)}`}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <AddToCalendar opportunity={opportunity} shareKey={shareKey} />
          <ShareButton opportunity={opportunity} />
        </div>
      </header>
      {/* Page order: picture, Apply, description, so phones show the action right under the picture; on wide
          screens the Apply card sits beside both. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <OpportunityImage
          imageUrl={opportunity.imageUrl}
          type={opportunity.type}
          // Without a picture, the type's banner stays low on phones, so the reward shows on the first screen.
          className={cn(
            "rounded-2xl lg:col-start-1 lg:row-start-1 lg:aspect-[2/1]",
            !opportunity.imageUrl && "max-sm:aspect-[3/1]",
          )}
        />
        <aside
          aria-label="Apply for this opportunity"
          className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <ApplyCard opportunity={opportunity} user={user} shareKey={shareKey} />
        </aside>
        <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-start-2">
          <DetailSection title="About this opportunity">
            <p className="whitespace-pre-line break-words text-stone-800 leading-relaxed">
              {opportunity.fullDescription}
            </p>
          </DetailSection>
          <DetailSection title="Details">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Fact icon={Clock} label="Duration">
                {durationText(opportunity.duration, opportunity.customDuration)}
              </Fact>
              <Fact icon={Tag} label="Type">
                {TYPE_LABELS[opportunity.type]}
              </Fact>
              <Fact icon={MapPin} label="Location">
                {opportunity.location ?? "To be confirmed"}
              </Fact>
              <Fact icon={CalendarClock} label="Schedule">
                {opportunity.schedule ?? "Flexible"}
              </Fact>
              <Fact icon={Users} label="Capacity">
                {capacityText(opportunity._count.applications, opportunity.capacity)}
              </Fact>
            </dl>
            <div className="mt-5 grid gap-2">
              <h3 className="font-medium text-sm text-stone-600">Required skills</h3>
              {opportunity.skills.length > 0 ? (
                <SkillTags skills={opportunity.skills} />
              ) : (
                <p className="text-stone-800">No particular skills needed: everyone is welcome.</p>
              )}
            </div>
          </DetailSection>
          {(opportunity.contactEmail || opportunity.contactPhone) && (
            <DetailSection title="Contact">
              <ul className="grid gap-3">
                {opportunity.contactEmail && (
                  <ContactLink icon={Mail} href={`mailto:${opportunity.contactEmail}`}>
                    {opportunity.contactEmail}
                  </ContactLink>
                )}
                {opportunity.contactPhone && (
                  <ContactLink icon={Phone} href={`tel:${opportunity.contactPhone.replace(/[^+0-9]/g, "")}`}>
                    {opportunity.contactPhone}
                  </ContactLink>
                )}
              </ul>
            </DetailSection>
          )}
        </div>
      </div>
    </Page>
  );
}

function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-6">
      <section className="grid gap-3">
        <h2 className="font-semibold text-lg text-stone-900">{title}</h2>
        <div>{children}</div>
      </section>
    </Card>
  );
}

function Fact({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="flex items-center gap-2 font-medium text-sm text-stone-600">
        <Icon aria-hidden className="size-5 shrink-0 text-saffron-700" />
        {label}
      </dt>
      <dd className="break-words pl-7 text-stone-900">{children}</dd>
    </div>
  );
}

function ContactLink({
  icon: Icon,
  href,
  children,
}: {
  icon: LucideIcon;
  href: string;
  children: ReactNode;
}) {
  return (
    <li>
      <a
        href={href}
        className="inline-flex max-w-full items-center gap-2 break-all font-medium text-indigo-800 underline-offset-2 hover:underline"
      >
        <Icon aria-hidden className="size-4 shrink-0" />
        {children}
      </a>
    </li>
  );
}

function DetailSkeleton() {
  return (
    <Page aria-busy className="grid gap-6">
      <span className="sr-only">Loading the opportunity</span>
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-10 w-3/4" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="aspect-[16/9] rounded-2xl lg:aspect-[2/1]" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    </Page>
  );
}

export default function OpportunityScreen() {
  const { id } = useParams();
  // A private opportunity's share link carries its key (ADR 0017).
  const [search] = useSearchParams();
  return (
    <OpportunityDetailPage key={id} id={parseOpportunityId(id)} shareKey={search.get("key") ?? undefined} />
  );
}

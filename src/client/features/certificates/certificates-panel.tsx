import { Button, buttonClasses } from "@client/components/ui/button";
import { EmptyState } from "@client/components/ui/empty-state";
import { LoadError } from "@client/components/ui/load-error";
import { Skeleton } from "@client/components/ui/skeleton";
import { useUserApplications } from "@client/features/applications/api";
import { copyLink } from "@client/features/share";
import { errorMessage } from "@client/lib/api-client";
import { paths } from "@client/lib/paths";
import { toast } from "@client/lib/toast";
import type { Certificate, IssueCertificateBody } from "@shared/contract/certificates";
import { formatSchoolDay } from "@shared/domain/served-dates";
import { Award, Copy, Download, Eye } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { useIssueCertificate, useOwnCertificates } from "./api";
import { hoursLabel } from "./format";
import { RevokeCertificateButton } from "./revoke-certificate-button";

const ALL = "all";

/** Profile → Certificates: issue a signed certificate of approved service, and the ones issued so far. */
export function CertificatesPanel({ userId }: { userId: number }) {
  return (
    <div className="grid gap-8">
      <IssueCertificateForm userId={userId} />
      <CertificateList />
    </div>
  );
}

function IssueCertificateForm({ userId }: { userId: number }) {
  const applications = useUserApplications(userId);
  const issue = useIssueCertificate();
  const [choice, setChoice] = useState(ALL);
  const selectId = useId();
  const hintId = useId();
  const served = (applications.data ?? []).filter((application) => application.hoursCompleted > 0);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body: IssueCertificateBody =
      choice === ALL ? { scope: "all" } : { scope: "opportunity", opportunityId: Number(choice) };
    issue.mutate(body, {
      onSuccess: (certificate) =>
        toast({
          title: "Certificate Issued",
          description: `${certificate.title}: ${hoursLabel(certificate.totalHours)}. Download the PDF or share its link.`,
        }),
      onError: (error) =>
        toast({
          title: "Issue Failed",
          description: errorMessage(error, "Try again in a moment."),
          variant: "destructive",
        }),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-5">
      <h3 className="font-semibold text-lg text-stone-900">Issue a certificate</h3>
      <p id={hintId} className="text-sm text-stone-700">
        A signed PDF of your approved hours, with a link and QR code anyone can use to check it. Hours still
        under review, rejected or disputed are not included.
      </p>
      <div className="grid gap-1.5">
        <label htmlFor={selectId} className="font-medium text-sm text-stone-800">
          What to certify
        </label>
        <select
          id={selectId}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          aria-describedby={hintId}
          className="h-10 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900 sm:max-w-md"
        >
          <option value={ALL}>All approved service</option>
          {served.map((application) => (
            <option key={application.id} value={String(application.opportunity.id)}>
              {`${application.opportunity.title} (${hoursLabel(application.hoursCompleted)})`}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Button type="submit" isPending={issue.isPending}>
          <Award aria-hidden className="size-4" />
          Issue Certificate
        </Button>
      </div>
    </form>
  );
}

function CertificateList() {
  const certificates = useOwnCertificates();
  if (certificates.isError) {
    return <LoadError what="your certificates" error={certificates.error} onRetry={certificates.refetch} />;
  }
  if (!certificates.data) return <Skeleton className="h-32" />;
  if (certificates.data.length === 0) {
    return (
      <EmptyState icon={Award} title="No certificates yet">
        Once your hours are approved, issue a certificate here to share with placements or for credit.
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="certificates-heading" className="grid gap-3">
      <h3 id="certificates-heading" className="font-semibold text-lg text-stone-900">
        Your certificates
      </h3>
      <ul className="grid gap-3">
        {certificates.data.map((certificate) => (
          <CertificateRow key={certificate.code} certificate={certificate} />
        ))}
      </ul>
    </section>
  );
}

function CertificateRow({ certificate }: { certificate: Certificate }) {
  const revoked = certificate.revokedAt !== null;
  return (
    <li className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold text-stone-900">{certificate.title}</p>
        {revoked ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800 text-xs">
            Revoked
          </span>
        ) : null}
      </div>
      <p className="text-sm text-stone-700">
        {`${hoursLabel(certificate.totalHours)} · issued ${formatSchoolDay(certificate.issuedAt)}`}
        <span className="block break-all font-mono text-stone-600 text-xs">{certificate.code}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={certificate.pdfUrl} download className={buttonClasses("outline", "sm")}>
          <Download aria-hidden className="size-4" />
          Download PDF<span className="sr-only">{` of ${certificate.title}`}</span>
        </a>
        <Button
          variant="outline"
          size="sm"
          onClick={() => copyLink(certificate.verifyUrl, "Anyone with it can check this certificate.")}
        >
          <Copy aria-hidden className="size-4" />
          Copy Link<span className="sr-only">{` of ${certificate.title}`}</span>
        </Button>
        <Link to={paths.verifyCertificate(certificate.code)} className={buttonClasses("outline", "sm")}>
          <Eye aria-hidden className="size-4" />
          View<span className="sr-only">{` ${certificate.title}`}</span>
        </Link>
        {revoked ? null : <RevokeCertificateButton code={certificate.code} what={certificate.title} />}
      </div>
    </li>
  );
}

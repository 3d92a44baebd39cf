// /verify/:code (docs/product-rules.md §11): public, no sign-in. Exactly what a certificate states and whether it
// stands, and nothing else about its holder; the holder or an admin may revoke it here.
import { Card } from "@client/components/ui/card";
import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { Skeleton } from "@client/components/ui/skeleton";
import {
  hoursLabel,
  RevokeCertificateButton,
  servedLabel,
  useCertificateVerification,
} from "@client/features/certificates";
import { hasStatus } from "@client/lib/api-client";
import { TYPE_LABELS } from "@client/lib/opportunity-labels";
import { paths } from "@client/lib/paths";
import type { CertificateVerification } from "@shared/contract/certificates";
import type { RevokeReason } from "@shared/domain/certificates";
import { formatSchoolDay } from "@shared/domain/served-dates";
import { BadgeCheck, CircleX, FileQuestion, ShieldAlert } from "lucide-react";
import { useParams } from "react-router";

const REVOKED_BY: Record<RevokeReason, string> = {
  student: "by its holder",
  admin: "by the institution",
  account_deleted: "",
};

export default function VerifyScreen() {
  const code = useParams().code ?? "";
  const verification = useCertificateVerification(code);

  return (
    <Page>
      <title>Verify a certificate · Seva</title>
      <div className="mx-auto w-full max-w-3xl">
        {verification.isPending ? (
          <Skeleton className="h-96" />
        ) : verification.isError ? (
          hasStatus(verification.error, 404) || hasStatus(verification.error, 400) ? (
            <Card className="grid gap-3 p-8 text-center">
              <FileQuestion aria-hidden className="mx-auto size-10 text-stone-500" />
              <h1 className="font-bold text-2xl text-stone-900">No certificate has this code</h1>
              <p className="text-stone-700">
                Check the address or scan the QR code on the certificate again.
              </p>
            </Card>
          ) : (
            <LoadError what="this certificate" error={verification.error} onRetry={verification.refetch} />
          )
        ) : (
          <CertificateView code={code} verification={verification.data} />
        )}
      </div>
    </Page>
  );
}

function StatusBanner({ verification }: { verification: CertificateVerification }) {
  if (verification.status === "revoked") {
    const erased = verification.revokeReason === "account_deleted";
    return (
      <div className="flex items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900">
        <CircleX aria-hidden className="size-10 shrink-0 text-red-700" />
        <div className="grid gap-1">
          <h1 className="font-bold text-3xl text-red-800">Revoked</h1>
          <p>
            {erased
              ? "Revoked: the holder closed their account"
              : `Revoked ${REVOKED_BY[verification.revokeReason ?? "student"]}${verification.revokedAt ? ` on ${formatSchoolDay(verification.revokedAt)}` : ""}. It no longer certifies this service.`}
          </p>
        </div>
      </div>
    );
  }
  if (!verification.signatureValid) {
    return (
      <div className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
        <ShieldAlert aria-hidden className="size-10 shrink-0 text-amber-700" />
        <div className="grid gap-1">
          <h1 className="font-bold text-3xl">Not Verified</h1>
          <p>The stored record does not match its signature. Do not rely on this certificate.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-950">
      <BadgeCheck aria-hidden className="size-10 shrink-0 text-emerald-700" />
      <div className="grid gap-1">
        <h1 className="font-bold text-3xl text-emerald-800">Valid</h1>
        <p>This certificate was issued by Seva and its signature checks out.</p>
      </div>
    </div>
  );
}

function CertificateView({ code, verification }: { code: string; verification: CertificateVerification }) {
  const { snapshot } = verification;
  return (
    <div className="grid gap-6">
      <StatusBanner verification={verification} />
      {snapshot ? (
        <Card className="grid gap-5 p-5 sm:p-8">
          <div className="grid gap-1 text-center">
            <p className="font-semibold text-emerald-800">{snapshot.institution}</p>
            <h2 className="font-bold text-2xl text-stone-900">Certificate of Community Service</h2>
            <p className="mt-2 font-semibold text-stone-900 text-xl">{snapshot.holder.name}</p>
            {snapshot.holder.programme ? <p className="text-stone-700">{snapshot.holder.programme}</p> : null}
          </div>
          <section aria-labelledby="certificate-entries" className="grid gap-2">
            <h3 id="certificate-entries" className="font-semibold text-stone-900">
              Service
            </h3>
            <ul className="grid gap-2">
              {snapshot.entries.map((entry) => (
                <li
                  key={`${entry.title}-${entry.servedFrom}`}
                  className="grid gap-1 rounded-xl border border-stone-200 p-3"
                >
                  <p className="font-medium text-stone-900">{entry.title}</p>
                  <p className="text-sm text-stone-700">
                    {`${TYPE_LABELS[entry.type]} · ${servedLabel(entry)} · ${hoursLabel(entry.hours)} · ${entry.coins} coins`}
                  </p>
                  <p
                    className={
                      entry.supervisorVerified
                        ? "font-medium text-emerald-800 text-sm"
                        : "text-sm text-stone-600"
                    }
                  >
                    {entry.supervisorVerified ? "Supervisor-verified" : "Not supervisor-verified"}
                  </p>
                </li>
              ))}
            </ul>
          </section>
          <dl className="grid gap-3 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-stone-600">Total approved hours</dt>
              <dd className="font-bold text-2xl text-stone-900">{snapshot.totalHours}</dd>
            </div>
            <div>
              <dt className="text-sm text-stone-600">Issued</dt>
              <dd className="font-medium text-stone-900">{formatSchoolDay(snapshot.issuedAt)}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-sm text-stone-600">Code</dt>
              <dd className="break-all font-mono text-stone-900">{snapshot.code}</dd>
            </div>
          </dl>
        </Card>
      ) : null}
      <p className="text-sm text-stone-700">
        {`Signed with Ed25519 · key ${verification.keyId} · `}
        <a
          href={paths.certificatePublicKey}
          className="font-medium text-indigo-800 underline underline-offset-2"
        >
          Public key
        </a>
      </p>
      {verification.canRevoke ? (
        <div>
          <RevokeCertificateButton code={code} />
        </div>
      ) : null}
    </div>
  );
}

// HTTP glue for certificates (docs/product-rules.md §11, ADR 0039); the rules live in certificates.service.ts.
// The PDF is not JSON and sits outside the contract, with its guard written here and proved by
// certificates.routes.test.ts:
//   GET /api/certificates/:code/pdf  signed in: the holder or an admin (everyone else 404, as for an unknown code).
import type { Database } from "@server/db/client";
import { notFound } from "@server/errors";
import { API_SECURITY_HEADERS, authorize, registerRoute } from "@server/http/route";
import type { SigningKey } from "@server/lib/signing-key";
import type { MailSite } from "@server/mail/site";
import { loadSession } from "@server/sessions/session-cookie";
import { certificatesContract } from "@shared/contract/certificates";
import type { FastifyInstance } from "fastify";
import { SIGNATURE_ALGORITHM } from "./certificate-signature";
import {
  certificateFor,
  issueCertificate,
  listOwnCertificates,
  revokeCertificate,
  verifyCertificate,
} from "./certificates.service";

export const ERASED_CERTIFICATE = "This certificate was erased with its holder's account";

export function registerCertificateRoutes(
  app: FastifyInstance,
  db: Database,
  site: MailSite,
  key: SigningKey,
): void {
  const routes = certificatesContract;
  const certificateSite = { ...site, key };
  registerRoute(app, db, routes.issue, async ({ user, body }) =>
    issueCertificate(db, certificateSite, user, body),
  );
  registerRoute(app, db, routes.mine, async ({ user }) => listOwnCertificates(db, site, user.id));
  registerRoute(app, db, routes.revoke, async ({ user, params }) => {
    await revokeCertificate(db, user, params.code);
    return { message: "Certificate revoked" };
  });
  registerRoute(app, db, routes.verify, async ({ request, params }) => {
    // Public; a signed-in holder or admin is offered Revoke.
    const viewer = (await loadSession(db, request))?.user ?? null;
    return verifyCertificate(db, key, viewer, params.code);
  });
  registerRoute(app, db, routes.publicKey, async () => ({
    algorithm: SIGNATURE_ALGORITHM,
    keyId: key.keyId,
    publicKeyPem: key.publicKeyPem,
  }));

  app.route<{ Params: { code: string } }>({
    method: "GET",
    url: "/api/certificates/:code/pdf",
    helmet: false,
    schema: { hide: true },
    onRequest: async (request, reply) => {
      reply.headers(API_SECURITY_HEADERS);
      request.user = await authorize(db, request, "signedIn");
    },
    handler: async (request, reply) => {
      const user = request.user;
      if (!user) throw new Error("the guard let an anonymous caller through");
      const row = await certificateFor(db, user, request.params.code);
      if (!row.snapshot || !row.signature) throw notFound(ERASED_CERTIFICATE);
      // Loaded at the first PDF: pdfkit and qrcode stay out of a process that never draws one (ADR 0044).
      const { renderCertificatePdf } = await import("./certificate-pdf");
      const pdf = await renderCertificatePdf(
        { snapshot: row.snapshot, signature: row.signature, keyId: row.keyId, revokedAt: row.revokedAt },
        key,
      );
      return reply
        .code(200)
        .headers({
          ...API_SECURITY_HEADERS,
          "content-type": "application/pdf",
          "content-disposition": `attachment; filename="seva-certificate-${row.code}.pdf"`,
        })
        .send(pdf);
    },
  });
}

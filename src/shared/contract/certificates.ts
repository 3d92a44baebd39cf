// Certificates of approved service anyone can verify (docs/product-rules.md §11, ADR 0039). The PDF itself
// (GET /api/certificates/:code/pdf, its student or an admin) is not JSON and sits outside the contract
// (src/server/modules/certificates/certificate-files.routes.ts).
import { z } from "zod";
import { CERTIFICATE_SCOPES, REVOKE_REASONS } from "../domain/certificates";
import { OPPORTUNITY_TYPES } from "../domain/enums";
import { DateTimeSchema, IdSchema, MessageSchema } from "./common";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { apiRoutes } from "./routes";

export const CertificateEntrySchema = z.object({
  title: z.string(),
  type: z.enum(OPPORTUNITY_TYPES),
  servedFrom: z.string().nullable(),
  servedTo: z.string().nullable(),
  hours: z.number(),
  coins: z.number(),
  supervisorVerified: z.boolean(),
});

/** Mirrors CertificateSnapshot (src/shared/domain/certificates.ts): exactly what was signed. */
export const CertificateSnapshotSchema = z.object({
  version: z.literal(1),
  code: z.string(),
  issuedAt: DateTimeSchema,
  institution: z.string(),
  holder: z.object({ name: z.string(), programme: z.string().nullable() }),
  scope: z.enum(CERTIFICATE_SCOPES),
  entries: z.array(CertificateEntrySchema),
  totalHours: z.number(),
  totalCoins: z.number(),
  verifyUrl: z.string(),
});

/** A code: 26 base32 characters (128 random bits), unguessable, safe in a URL and a QR code. */
export const CertificateCodeSchema = z
  .string({ error: "Required" })
  .trim()
  .min(1, "Required")
  .max(64, "This certificate code is not valid")
  .regex(/^[A-Za-z0-9]+$/, "This certificate code is not valid");

export const CertificateCodeParamsSchema = z.object({ code: CertificateCodeSchema });

/** The holder's view of one of their certificates. */
export const CertificateSchema = z.object({
  code: z.string(),
  scope: z.enum(CERTIFICATE_SCOPES),
  /** The opportunity of a one-opportunity certificate. */
  opportunityId: z.number().nullable(),
  title: z.string(),
  totalHours: z.number(),
  issuedAt: DateTimeSchema,
  revokedAt: DateTimeSchema.nullable(),
  revokeReason: z.enum(REVOKE_REASONS).nullable(),
  verifyUrl: z.string(),
  pdfUrl: z.string(),
});
export type Certificate = z.infer<typeof CertificateSchema>;

export const IssueCertificateBodySchema = z.discriminatedUnion(
  "scope",
  [
    z.object({ scope: z.literal("all") }),
    z.object({ scope: z.literal("opportunity"), opportunityId: IdSchema }),
  ],
  { error: "Scope must be all or opportunity" },
);
export type IssueCertificateBody = z.infer<typeof IssueCertificateBodySchema>;

/**
 * The public verification of a code: what the certificate states and whether it stands. `signatureValid` is the
 * server's own check of the stored signature against its published key; a revoked certificate whose holder deleted
 * their account has no snapshot left.
 */
export const CertificateVerificationSchema = z.object({
  status: z.enum(["valid", "revoked"]),
  snapshot: CertificateSnapshotSchema.nullable(),
  signature: z.string().nullable(),
  keyId: z.string(),
  signatureValid: z.boolean(),
  revokedAt: DateTimeSchema.nullable(),
  revokeReason: z.enum(REVOKE_REASONS).nullable(),
  /** True for an admin or the holder: the page offers Revoke. */
  canRevoke: z.boolean(),
});
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;

export const PublicKeySchema = z.object({
  algorithm: z.literal("Ed25519"),
  keyId: z.string(),
  /** SubjectPublicKeyInfo, PEM. */
  publicKeyPem: z.string(),
});
export type PublicKey = z.infer<typeof PublicKeySchema>;

export const certificatesContract = {
  issue: defineEndpoint({
    ...apiRoutes.certificates.issue,
    summary:
      "Issue a signed certificate of the student's approved service: all of it, or one opportunity (409 with none)",
    body: IssueCertificateBodySchema,
    response: CertificateSchema,
    successStatus: 201,
  }),
  mine: defineEndpoint({
    ...apiRoutes.certificates.mine,
    summary: "The signed-in student's certificates, newest first",
    response: z.array(CertificateSchema),
  }),
  revoke: defineEndpoint({
    ...apiRoutes.certificates.revoke,
    summary: "Revoke a certificate (its student or an admin); its page then says Revoked",
    params: CertificateCodeParamsSchema,
    response: MessageSchema,
  }),
  verify: defineEndpoint({
    ...apiRoutes.certificates.verify,
    summary: "Public: what a certificate states and whether it is valid or revoked (404 for an unknown code)",
    params: CertificateCodeParamsSchema,
    response: CertificateVerificationSchema,
  }),
  publicKey: defineEndpoint({
    ...apiRoutes.certificates.publicKey,
    summary: "The Ed25519 public key that signs certificates, to check a downloaded one offline",
    response: PublicKeySchema,
  }),
} as const satisfies Record<keyof typeof apiRoutes.certificates, Endpoint>;

// The service record (docs/product-rules.md §10–11): every step of an application as an append-only event, and
// the certificates students issue from their approved service.

import type { CertificateScope, CertificateSnapshot, RevokeReason } from "@shared/domain/certificates";
import { CERTIFICATE_SCOPES, REVOKE_REASONS } from "@shared/domain/certificates";
import {
  APPLICATION_EVENT_KINDS,
  type ApplicationEventKind,
  EVENT_ACTORS,
  type EventActor,
} from "@shared/domain/enums";
import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { oneOf } from "./check";
import { opportunities } from "./opportunities";
import { users } from "./users";

/**
 * One step of an application's life (who, when, what, amount, feedback). Written in the transaction of the step
 * itself; a trigger (migration 0012) refuses every UPDATE, so the timeline is never rewritten. Rows go only with
 * their application (account or opportunity deletion).
 */
export const applicationEvents = pgTable(
  "application_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ApplicationEventKind>().notNull(),
    actor: text("actor").$type<EventActor>().notNull(),
    /** The student or admin who took the step; null for the supervisor and Seva, or once the account is gone. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The supervisor's name, or the admin's as it was, so the timeline reads the same after an account goes. */
    actorName: text("actor_name"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    hours: doublePrecision("hours"),
    coins: integer("coins"),
    /** Feedback, notes, a dispute's reason. */
    note: text("note"),
    hourSubmissionId: integer("hour_submission_id"),
  },
  (table) => [
    check("application_events_kind_valid", oneOf(table.kind, APPLICATION_EVENT_KINDS)),
    check("application_events_actor_valid", oneOf(table.actor, EVENT_ACTORS)),
    index("application_events_application_idx").on(table.applicationId, table.at, table.id),
  ],
);

/**
 * A certificate: a frozen, signed snapshot of approved service with an unguessable public code. Kept after the
 * student's account is deleted (revoked, snapshot erased) so its verification page says 'Revoked', not 'unknown'.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: text("code").notNull().unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    scope: text("scope").$type<CertificateScope>().notNull(),
    opportunityId: integer("opportunity_id").references(() => opportunities.id, { onDelete: "set null" }),
    /** What the certificate states; null once erased with the account. */
    snapshot: jsonb("snapshot").$type<CertificateSnapshot>(),
    /** Ed25519 over the canonical (RFC 8785) JSON of the snapshot, base64url. */
    signature: text("signature"),
    /** The signing key's id (a hash of its public key), to find the published key that checks it. */
    keyId: text("key_id").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: integer("revoked_by").references(() => users.id, { onDelete: "set null" }),
    revokeReason: text("revoke_reason").$type<RevokeReason>(),
  },
  (table) => [
    check("certificates_scope_valid", oneOf(table.scope, CERTIFICATE_SCOPES)),
    check(
      "certificates_revoke_reason_valid",
      sql`${table.revokeReason} is null or ${oneOf(table.revokeReason, REVOKE_REASONS)}`,
    ),
    check(
      "certificates_revoked_has_reason",
      sql`(${table.revokedAt} is null) = (${table.revokeReason} is null)`,
    ),
    index("certificates_user_idx").on(table.userId, table.issuedAt),
  ],
);

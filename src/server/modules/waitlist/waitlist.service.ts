// Waiting lists (docs/product-rules.md §12, ADR 0037). A student joins the line of a full open opportunity; each
// place that frees (a rejection, a withdrawal, more capacity, an offer that lapsed or was declined) is offered,
// in the transaction that freed it, to the first in line for 48 hours, and a live offer holds its place like an
// application does. Every change here runs with the opportunity row locked (decision-locks.ts), so the count
// of places and the offers made from it are decided one transaction at a time.

import { builtOnce } from "@server/db/built-once";
import type { Database, Transaction } from "@server/db/client";
import { isUniqueViolation } from "@server/db/pg-errors";
import { applications, opportunities, users, waitlistEntries } from "@server/db/schema";
import { inTransaction } from "@server/db/transaction";
import { conflict, notFound } from "@server/errors";
import { toIso } from "@server/lib/sql";
import type { Application } from "@shared/contract/applications";
import type { AdminWaitlistEntry, OwnWaitlistEntry, WaitlistEntry } from "@shared/contract/waitlist";
import { and, asc, eq, inArray, lte, ne, sql } from "drizzle-orm";
import {
  hasRoomLeft,
  lockOpportunity,
  OPPORTUNITY_FULL,
  placesOffered,
  placesTaken,
} from "../decisions/decision-locks";
import { toApplication } from "../decisions/to-application";
import { applicationReceived, waitlistOfferExpired, waitlistOffered } from "../notifications/events";
import { assertOpportunityExists, OPPORTUNITY_NOT_FOUND } from "../opportunities/opportunity-exists";
import { canSeeOpportunity } from "../opportunities/opportunity-visibility";
import { appliedStep } from "../timeline/record-event";

/** How long an offered place is held for the person it was offered to. */
export const OFFER_HOURS = 48;
const OFFER_MS = OFFER_HOURS * 3_600_000;

export const ALREADY_IN_LINE = "You are already on the waiting list of this opportunity";
export const NOT_IN_LINE = "You are not on the waiting list of this opportunity";
export const NO_OFFER = "No place is offered to you on this opportunity";
export const HAS_ROOM = "This opportunity still has places: apply instead of joining the waiting list";
export const ALREADY_APPLIED = "You have already applied to this opportunity";

const LIVE = ["waiting", "offered"] as const;

type EntryRow = typeof waitlistEntries.$inferSelect;

function toEntry(row: EntryRow, position: number | null): WaitlistEntry {
  return {
    id: row.id,
    opportunityId: row.opportunityId,
    status: row.status,
    joinedAt: toIso(row.joinedAt),
    offeredAt: toIso(row.offeredAt),
    offerExpiresAt: toIso(row.offerExpiresAt),
    position: row.status === "waiting" ? position : null,
  };
}

/** 1 + the people waiting ahead: joined earlier, or at the same instant with a smaller id. */
// Written out in full: drizzle leaves a column unqualified in a single-table select, and inside the subquery an
// unqualified name would mean the `ahead` row.
const positionOf = sql<number>`(select count(*)::int + 1 from waitlist_entries ahead
  where ahead.opportunity_id = waitlist_entries.opportunity_id and ahead.status = 'waiting'
    and (ahead.joined_at, ahead.id) < (waitlist_entries.joined_at, waitlist_entries.id))`;

/**
 * Offers every place nobody holds to the first in line; call in the transaction that freed a place, with the
 * opportunity row locked (lockOpportunity). It first lapses the offers past their deadline (each told), then
 * offers `capacity − applications holding a place − live offers` places to the waiting entries in joined order.
 *
 * No `for update skip locked` on the entries: every writer of an opportunity's entries (join, leave, take,
 * this function, the scheduler's expiry) holds that opportunity's row lock first, so no two of them run at once
 * and the entries read here cannot change before the commit. Skipping locked rows would only matter to
 * writers that do not take the opportunity lock, and there are none; it would instead risk skipping the first in
 * line. Returns how many places were offered.
 */
export async function offerFreedPlaces(
  tx: Transaction,
  opportunityId: number,
  now: Date = new Date(),
): Promise<number> {
  const [opportunity] = await tx
    .select({
      id: opportunities.id,
      title: opportunities.title,
      status: opportunities.status,
      capacity: opportunities.capacity,
    })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId));
  if (!opportunity) return 0;
  const lapsed = await tx
    .update(waitlistEntries)
    .set({ status: "expired", endedAt: now })
    .where(
      and(
        eq(waitlistEntries.opportunityId, opportunityId),
        eq(waitlistEntries.status, "offered"),
        lte(waitlistEntries.offerExpiresAt, now),
      ),
    )
    .returning();
  for (const entry of lapsed) await waitlistOfferExpired(tx, entry, opportunity);
  // A closed opportunity takes nobody new; its line, told of the close (ADR 0071), waits in case it reopens.
  if (opportunity.status !== "open") return 0;
  const free =
    opportunity.capacity === null
      ? Number.MAX_SAFE_INTEGER
      : opportunity.capacity -
        (await placesTaken(tx, opportunityId)) -
        (await placesOffered(tx, opportunityId, now));
  if (free <= 0) return 0;
  const next = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.opportunityId, opportunityId), eq(waitlistEntries.status, "waiting")))
    .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id))
    .limit(Math.min(free, 10_000));
  if (next.length === 0) return 0;
  const offerExpiresAt = new Date(now.getTime() + OFFER_MS);
  const offered = await tx
    .update(waitlistEntries)
    .set({ status: "offered", offeredAt: now, offerExpiresAt })
    .where(
      and(
        inArray(
          waitlistEntries.id,
          next.map((row) => row.id),
        ),
        eq(waitlistEntries.status, "waiting"),
      ),
    )
    .returning();
  for (const entry of offered) await waitlistOffered(tx, entry, opportunity);
  return offered.length;
}

async function findLiveEntry(tx: Transaction | Database, studentId: number, opportunityId: number) {
  const [entry] = await tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.opportunityId, opportunityId),
        eq(waitlistEntries.userId, studentId),
        inArray(waitlistEntries.status, [...LIVE]),
      ),
    );
  return entry;
}

async function findActiveApplication(tx: Transaction, studentId: number, opportunityId: number) {
  const [row] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.userId, studentId),
        eq(applications.opportunityId, opportunityId),
        ne(applications.status, "withdrawn"),
      ),
    );
  return row;
}

async function hasAnyApplication(tx: Transaction, studentId: number, opportunityId: number) {
  const [row] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.userId, studentId), eq(applications.opportunityId, opportunityId)))
    .limit(1);
  return row !== undefined;
}

/** Join the line of a full open opportunity; a private one needs its share key, as applying does. */
export async function joinWaitlist(
  db: Database,
  studentId: number,
  opportunityId: number,
  shareKey: string | undefined,
): Promise<WaitlistEntry> {
  try {
    return await inTransaction(db, async (tx) => {
      const opportunity = await lockOpportunity(tx, opportunityId);
      const hasApplied = opportunity ? await hasAnyApplication(tx, studentId, opportunityId) : false;
      if (
        !opportunity ||
        !canSeeOpportunity({ role: "student" }, opportunity, { key: shareKey, hasApplied })
      ) {
        throw notFound(OPPORTUNITY_NOT_FOUND);
      }
      if (opportunity.status !== "open") {
        throw conflict(`The waiting list is closed: this opportunity is ${opportunity.status}`);
      }
      if (await findActiveApplication(tx, studentId, opportunityId)) throw conflict(ALREADY_APPLIED);
      if (await findLiveEntry(tx, studentId, opportunityId)) throw conflict(ALREADY_IN_LINE);
      if (await hasRoomLeft(tx, opportunityId, opportunity.capacity)) throw conflict(HAS_ROOM);
      const [created] = await tx
        .insert(waitlistEntries)
        .values({ opportunityId, userId: studentId })
        .returning();
      if (!created) throw new Error("insert returned no row");
      const [ranked] = await tx
        .select({ position: positionOf })
        .from(waitlistEntries)
        .where(eq(waitlistEntries.id, created.id));
      return toEntry(created, ranked?.position ?? null);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_IN_LINE);
    throw error;
  }
}

/** Leave the line; leaving while offered declines the place, which passes to the next in line. */
export async function leaveWaitlist(db: Database, studentId: number, opportunityId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const opportunity = await lockOpportunity(tx, opportunityId);
    const entry = opportunity ? await findLiveEntry(tx, studentId, opportunityId) : undefined;
    if (!entry) throw notFound(NOT_IN_LINE);
    const [left] = await tx
      .update(waitlistEntries)
      .set({ status: "left", endedAt: sql`now()` })
      .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, entry.status)))
      .returning({ id: waitlistEntries.id });
    if (!left) throw conflict("Your place in line changed meanwhile; reload and try again");
    if (entry.status === "offered") await offerFreedPlaces(tx, opportunityId);
  });
}

/** Take the offered place while the offer lasts: a pending application, decided by an admin like any other. */
export async function acceptOffer(
  db: Database,
  studentId: number,
  opportunityId: number,
  now: Date = new Date(),
): Promise<Application> {
  return inTransaction(db, async (tx) => {
    const opportunity = await lockOpportunity(tx, opportunityId);
    const entry = opportunity ? await findLiveEntry(tx, studentId, opportunityId) : undefined;
    if (!opportunity || !entry) throw notFound(NO_OFFER);
    if (entry.status !== "offered" || !entry.offerExpiresAt) throw conflict(NO_OFFER);
    if (entry.offerExpiresAt.getTime() <= now.getTime()) {
      throw conflict("This offer has expired: the place passed to the next in line");
    }
    if (opportunity.status !== "open") {
      throw conflict(`Applications are closed: this opportunity is ${opportunity.status}`);
    }
    if (await findActiveApplication(tx, studentId, opportunityId)) throw conflict(ALREADY_APPLIED);
    // The offer held this place; a capacity lowered since may have taken it away.
    if (!(await hasRoomLeft(tx, opportunityId, opportunity.capacity, { now, except: 1 }))) {
      throw conflict(OPPORTUNITY_FULL);
    }
    const [taken] = await tx
      .update(waitlistEntries)
      .set({ status: "taken", endedAt: now })
      .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, "offered")))
      .returning({ id: waitlistEntries.id });
    if (!taken) throw conflict(NO_OFFER);
    const [created] = await tx.insert(applications).values({ userId: studentId, opportunityId }).returning();
    if (!created) throw new Error("insert returned no row");
    await applicationReceived(tx, created, opportunity, appliedStep(created));
    return toApplication(created);
  });
}

/** Ends the student's place in line when they get an application another way (applying while places are free). */
export async function endEntryOnApplying(tx: Transaction, studentId: number, opportunityId: number) {
  await endEntryStatement(tx, { studentId, opportunityId });
}

/** Built once (ADR 0051): every apply runs it. */
const endEntryStatement = builtOnce((db) =>
  db
    .update(waitlistEntries)
    .set({ status: "taken", endedAt: sql`now()` })
    .where(
      and(
        eq(waitlistEntries.opportunityId, sql.placeholder("opportunityId")),
        eq(waitlistEntries.userId, sql.placeholder("studentId")),
        inArray(waitlistEntries.status, [...LIVE]),
      ),
    ),
);

/** The student's live places in line, newest first, with their positions. */
export async function listOwnWaitlist(db: Database, studentId: number): Promise<OwnWaitlistEntry[]> {
  const rows = await db
    .select({
      entry: waitlistEntries,
      position: positionOf,
      opportunity: {
        id: opportunities.id,
        title: opportunities.title,
        type: opportunities.type,
        status: opportunities.status,
      },
    })
    .from(waitlistEntries)
    .innerJoin(opportunities, eq(opportunities.id, waitlistEntries.opportunityId))
    .where(and(eq(waitlistEntries.userId, studentId), inArray(waitlistEntries.status, [...LIVE])))
    .orderBy(sql`${waitlistEntries.joinedAt} desc`, sql`${waitlistEntries.id} desc`);
  return rows.map((row) => ({ ...toEntry(row.entry, row.position), opportunity: row.opportunity }));
}

/** The opportunity's whole list for admins: live entries in line order, then the ended ones, newest first. */
export async function listWaitlistForAdmin(
  db: Database,
  opportunityId: number,
): Promise<AdminWaitlistEntry[]> {
  await assertOpportunityExists(db, opportunityId);
  const rows = await db
    .select({
      entry: waitlistEntries,
      position: positionOf,
      user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(eq(waitlistEntries.opportunityId, opportunityId))
    .orderBy(
      sql`case ${waitlistEntries.status} when 'offered' then 0 when 'waiting' then 1 else 2 end`,
      sql`case when ${waitlistEntries.status} in ('offered', 'waiting') then ${waitlistEntries.joinedAt} end asc`,
      sql`${waitlistEntries.endedAt} desc nulls last`,
      asc(waitlistEntries.id),
    )
    .limit(500);
  return rows.map((row) => ({ ...toEntry(row.entry, row.position), user: row.user }));
}

/** What the detail page shows a student: their live place in line, the line's length and the places left. */
export async function findWaitlistView(
  db: Database,
  studentId: number | null,
  opportunity: { id: number; capacity: number | null },
) {
  const now = new Date();
  const [counted] = await db
    .select({
      live: sql<number>`count(*) filter (where ${waitlistEntries.status} in ('waiting', 'offered'))::int`,
      offered: sql<number>`count(*) filter (where ${waitlistEntries.status} = 'offered' and ${waitlistEntries.offerExpiresAt} > ${now.toISOString()}::timestamptz)::int`,
    })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.opportunityId, opportunity.id));
  let placesLeft: number | null = null;
  if (opportunity.capacity !== null) {
    const taken = await placesTaken(db, opportunity.id);
    placesLeft = Math.max(0, opportunity.capacity - taken - (counted?.offered ?? 0));
  }
  let viewerWaitlist: {
    status: "waiting" | "offered";
    position: number | null;
    offerExpiresAt: string | null;
  } | null = null;
  if (studentId !== null) {
    const [own] = await db
      .select({ entry: waitlistEntries, position: positionOf })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.opportunityId, opportunity.id),
          eq(waitlistEntries.userId, studentId),
          inArray(waitlistEntries.status, [...LIVE]),
        ),
      );
    if (own && (own.entry.status === "waiting" || own.entry.status === "offered")) {
      viewerWaitlist = {
        status: own.entry.status,
        position: own.entry.status === "waiting" ? own.position : null,
        offerExpiresAt: toIso(own.entry.offerExpiresAt),
      };
    }
  }
  return { placesLeft, viewerWaitlist, waitlistCount: counted?.live ?? 0 };
}

/**
 * The scheduler's pass (every minute, every process): lapses the offers past their deadline and offers those
 * places to the next in line, one transaction per opportunity under its lock. A second process arriving at the
 * same opportunity waits for the lock and then finds nothing left to lapse, so each offer lapses once.
 */
export async function expireOffers(db: Database, now: Date): Promise<number> {
  const due = await db
    .selectDistinct({ opportunityId: waitlistEntries.opportunityId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, "offered"), lte(waitlistEntries.offerExpiresAt, now)))
    .limit(200);
  let offered = 0;
  for (const { opportunityId } of due) {
    offered += await inTransaction(db, async (tx) => {
      if (!(await lockOpportunity(tx, opportunityId))) return 0;
      return offerFreedPlaces(tx, opportunityId, now);
    });
  }
  return offered;
}

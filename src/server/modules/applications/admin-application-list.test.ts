// The admin's application list and each student's list are built as JSON by PostgreSQL (admin-application-list.ts,
// applications.service.ts); the opportunity's list of applications and an opportunity's page are mapped in Node
// (toApplication, hours-record.ts, toOpportunityWithCreator). On the demo's data, which holds every status, hours
// under review with and without a supervisor's answer, and applications with notes and feedback, each row must say
// exactly what the lists mapped in Node say of the same application and opportunity, in the list's order.

import type { DatabaseHandle } from "@server/db/client";
import { applications, opportunities } from "@server/db/schema";
import { seedDemo } from "@server/demo/seed";
import { DatabaseJson } from "@server/lib/database-json";
import {
  type AdminApplication,
  AdminApplicationSchema,
  type StudentApplication,
  StudentApplicationSchema,
} from "@shared/contract/applications";
import type { ApplicationStatus } from "@shared/domain/enums";
import { createTestDatabase } from "@test/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOpportunity } from "../opportunities/opportunities.service";
import { listApplicationsForAdmin } from "./admin-application-list";
import { listApplicationsForOpportunity, listApplicationsForUser } from "./applications.service";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemo(handle.db, "iimb.ac.in");
}, 120_000);
afterAll(() => handle?.close());

async function adminList(query: Partial<Parameters<typeof listApplicationsForAdmin>[1]> = {}) {
  const { applications: page, total } = await listApplicationsForAdmin(handle.db, {
    limit: 500,
    offset: 0,
    sort: "newest",
    ...query,
  } as Parameters<typeof listApplicationsForAdmin>[1]);
  expect(page).toBeInstanceOf(DatabaseJson);
  const rows: AdminApplication[] = JSON.parse(page.text);
  // Exactly the contract's fields: the schema's encode drops unknown ones, so the two would differ.
  expect(AdminApplicationSchema.array().encode(rows)).toEqual(rows);
  return { rows, total };
}

describe("the admin application list built by the database", () => {
  it("says of every application what the opportunity's list says, as each student's list does", async () => {
    const first = await adminList();
    const { total } = first;
    const rows = [...first.rows, ...(await adminList({ offset: 500 })).rows];
    const stored = await handle.db.select({ id: applications.id }).from(applications);
    expect(rows).toHaveLength(stored.length);
    expect(total).toBe(stored.length);
    expect(rows.some((row) => row.hoursUnderReview?.verification.sentAt)).toBe(true);
    expect(rows.some((row) => row.completedAt !== null && row.adminFeedback !== null)).toBe(true);

    const admin = { id: 0, role: "admin" } as Parameters<typeof listApplicationsForUser>[1];
    const allOpportunities = await handle.db.select().from(opportunities);
    for (const opportunity of allOpportunities) {
      const ofOpportunity = await listApplicationsForOpportunity(handle.db, opportunity.id);
      for (const expected of ofOpportunity) {
        const row = rows.find((candidate) => candidate.id === expected.id);
        const { user, ...application } = expected;
        expect(row).toMatchObject({ ...application, user });
        expect(row?.opportunity).toEqual({
          id: opportunity.id,
          title: opportunity.title,
          type: opportunity.type,
          status: opportunity.status,
          coinsPerHour: opportunity.coinsPerHour,
          maxCoins: opportunity.maxCoins,
          totalRequiredHours: opportunity.totalRequiredHours,
        });
        expect(row?.totalRequiredHours).toBe(opportunity.totalRequiredHours);
      }
    }

    // Each student's list, built by the database too, says the same of each application, newest first, and of its
    // opportunity what the opportunity's page (mapped in Node) says.
    const pages = new Map<number, Awaited<ReturnType<typeof getOpportunity>>>();
    for (const student of new Set(rows.map((row) => row.userId))) {
      const body = await listApplicationsForUser(handle.db, { ...admin, id: student }, student);
      const own: StudentApplication[] = JSON.parse(body.text);
      expect(StudentApplicationSchema.array().encode(own)).toEqual(own);
      const theirs = rows.filter((row) => row.userId === student);
      expect(own.map((item) => item.id)).toEqual(theirs.map((row) => row.id));
      for (const { opportunity, ...application } of own) {
        const {
          user: _user,
          opportunity: _brief,
          totalRequiredHours: _target,
          ...same
        } = theirs.find((row) => row.id === application.id) ?? ({} as AdminApplication);
        expect(application).toEqual(same);
        if (!pages.has(application.opportunityId)) {
          pages.set(application.opportunityId, await getOpportunity(handle.db, application.opportunityId));
        }
        const { _count, ...page } = pages.get(application.opportunityId) ?? ({} as never);
        expect(opportunity).toEqual(page);
      }
    }
    expect(pages.size).toBeGreaterThan(5);
  });

  it("keeps each sort's order and pages it", async () => {
    const newest = (await adminList()).rows;
    const applied = newest.map((row) => [row.appliedAt, row.id] as const);
    expect(applied).toEqual([...applied].sort(([a, x], [b, y]) => (a === b ? y - x : b.localeCompare(a))));
    const oldest = (await adminList({ sort: "oldest" })).rows;
    const waiting = oldest.map((row) => [row.hourSubmissionDate ?? row.appliedAt, row.id] as const);
    expect(waiting).toEqual([...waiting].sort(([a, x], [b, y]) => (a === b ? x - y : a.localeCompare(b))));
    const page = (await adminList({ limit: 5, offset: 5 })).rows;
    expect(page).toEqual(newest.slice(5, 10));
    expect((await adminList({ status: ["hours_submitted"] })).rows.every((row) => row.hoursUnderReview)).toBe(
      true,
    );
  });

  it("runs each shape it builds once with the values of every query", async () => {
    const firstPage = await adminList();
    const everything = [...firstPage.rows, ...(await adminList({ offset: 500 })).rows];
    expect(everything).toHaveLength(firstPage.total);
    const matching = (keep: (row: AdminApplication) => boolean) =>
      everything.filter(keep).map((row) => row.id);
    const ids = async (query: Parameters<typeof adminList>[0]) => {
      const { rows, total } = await adminList(query);
      expect(total).toBe(rows.length);
      return rows.map((row) => row.id);
    };
    // The same shapes, one after another, with other values: nothing of the first run is kept but the text.
    const pairs: [ApplicationStatus, ApplicationStatus][] = [
      ["pending", "accepted"],
      ["rejected", "completed"],
      ["hours_submitted", "withdrawn"],
    ];
    for (const pair of pairs) {
      expect(await ids({ status: [...pair] })).toEqual(matching((row) => pair.includes(row.status)));
      // A status named twice is the same filter.
      expect(await ids({ status: [pair[0], pair[0]] })).toEqual(matching((row) => row.status === pair[0]));
    }
    const [one, another] = [...new Set(everything.map((row) => row.opportunityId))];
    for (const opportunityId of [one, another]) {
      expect(await ids({ opportunityId })).toEqual(matching((row) => row.opportunityId === opportunityId));
    }
    for (const search of [everything[0]?.user.email ?? "", everything.at(-1)?.opportunity.title ?? ""]) {
      const contains = (text: string) => text.toLowerCase().includes(search.toLowerCase());
      expect(await ids({ search })).toEqual(
        matching(({ user, opportunity }) =>
          [
            user.firstName,
            user.lastName,
            `${user.firstName} ${user.lastName}`,
            user.email,
            opportunity.title,
          ].some(contains),
        ),
      );
    }
    expect(await ids({ status: [] })).toEqual([]);
  });
});

// Helpers for tests of the application workflow: an opportunity, a student with an application in a given
// state, and the admin's decisions through the real API.

import type { Database } from "@server/db/client";
import { opportunities } from "@server/db/schema";
import { buildOpportunity, OPPORTUNITY_TEMPLATES } from "@server/demo/factories";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { as, createTestUser, signIn } from "./app";
import { hoursBody } from "./hours-body";

export async function insertOpportunity(
  db: Database,
  createdBy: number,
  overrides: Partial<typeof opportunities.$inferInsert> = {},
) {
  const template = OPPORTUNITY_TEMPLATES[0];
  if (!template) throw new Error("no template");
  const [row] = await db
    .insert(opportunities)
    .values({ ...buildOpportunity(template, createdBy), ...overrides })
    .returning();
  if (!row) throw new Error("no row");
  return row;
}

export interface Actor {
  id: number;
  email: string;
  cookie: string;
}

export async function newActor(
  app: FastifyInstance,
  db: Database,
  role: "student" | "admin" = "student",
): Promise<Actor> {
  const user = await createTestUser(db, { role });
  return { id: user.id, email: user.email, cookie: await signIn(app, user.email) };
}

export function workflow(app: FastifyInstance) {
  const call = (
    actor: Actor,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) => as(app, actor.cookie, { method, url, ...(payload ? { payload } : {}) });
  return {
    call,
    /** `shareKey`: the key of a private opportunity's share link. */
    async apply(student: Actor, opportunityId: number, shareKey?: string): Promise<number> {
      const response = await call(student, "POST", "/api/applications", { opportunityId, shareKey });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id;
    },
    setStatus: (admin: Actor, id: number, body: object) =>
      call(admin, "PUT", `/api/applications/${id}/status`, body),
    submit: (student: Actor, id: number, hours: unknown) =>
      call(student, "PATCH", `/api/applications/${id}/submit-hours`, hoursBody(hours)),
    approve: (admin: Actor, id: number, coinsAwarded: unknown, feedback?: string) =>
      call(admin, "POST", `/api/applications/${id}/approve-hours`, { coinsAwarded, feedback }),
    reject: (admin: Actor, id: number, feedback: unknown) =>
      call(admin, "POST", `/api/applications/${id}/reject-hours`, { feedback }),
    async accepted(admin: Actor, student: Actor, opportunityId: number, shareKey?: string): Promise<number> {
      const id = await this.apply(student, opportunityId, shareKey);
      const response = await this.setStatus(admin, id, {
        status: "accepted",
        notes: "Application accepted by admin",
      });
      expect(response.statusCode, response.body).toBe(200);
      return id;
    },
  };
}

// The demo seed: on an empty database (no users), one admin, a handful of students and a few opportunities of
// each type, so a fresh `npm start` can be tried at once. The badge catalogue is not demo data (see badges).
import { count } from "drizzle-orm";
import type { Database } from "../db/client";
import { opportunities, users } from "../db/schema";
import { createUser } from "../modules/auth/auth.service";
import { buildOpportunity, DEMO_STUDENT_NAMES, emailFor, OPPORTUNITY_TEMPLATES } from "./factories";

export const DEMO_ADMIN_PASSWORD = "SevaAdmin#2024";
export const DEMO_STUDENT_PASSWORD = "SevaStudent#2024";

export interface DemoSignIn {
  role: "admin" | "student";
  email: string;
  password: string;
}

/** Seeds the demo when the database has no users; returns the sign-ins it created (empty when it did nothing). */
export async function seedDemo(db: Database, domain: string): Promise<DemoSignIn[]> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return [];

  const signIns: DemoSignIn[] = [];
  const adminEmail = `admin@${domain}`;
  const admin = await createUser(db, {
    email: adminEmail,
    password: DEMO_ADMIN_PASSWORD,
    firstName: "Meera",
    lastName: "Krishnan",
    program: "Staff",
    role: "admin",
  });
  signIns.push({ role: "admin", email: adminEmail, password: DEMO_ADMIN_PASSWORD });

  for (const student of DEMO_STUDENT_NAMES) {
    const email = emailFor(student.firstName, student.lastName, domain);
    await createUser(db, { ...student, email, password: DEMO_STUDENT_PASSWORD, role: "student" });
    signIns.push({ role: "student", email, password: DEMO_STUDENT_PASSWORD });
  }

  await db
    .insert(opportunities)
    .values(OPPORTUNITY_TEMPLATES.map((template) => buildOpportunity(template, admin.id)));
  return signIns;
}

// Data for the leaderboard and analytics journeys, made through the API as the app's users would make it:
// students register and apply, the admin accepts, students submit hours, the admin approves them with coins.
import { type APIRequestContext, expect, request } from "@playwright/test";
import { hoursBody } from "../test/hours-body";
import { postFrom, randomLoopbackAddress } from "./loopback";
import { BASE_URL } from "./shared-servers";
import { demoAdmin, signInThroughApi } from "./support";

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Letters only, so a name is unique to this run and can be searched for on a page. */
export function uniqueWord(prefix: string): string {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  return `${prefix}${letters.join("")}`;
}

const REGISTRATIONS_PER_ADDRESS = 10;

/** Registers `count` new students named `<firstName> <unique last name>`, ten per source address. */
export async function registerStudents(count: number, firstName = "Seva"): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let start = 0; start < count; start += REGISTRATIONS_PER_ADDRESS) {
    const localAddress = randomLoopbackAddress();
    const batch = Array.from({ length: Math.min(REGISTRATIONS_PER_ADDRESS, count - start) }, async () => {
      const lastName = uniqueWord("Test");
      const email = `${firstName}.${lastName}@iimb.ac.in`.toLowerCase();
      const response = await postFrom(localAddress, "/api/register", {
        email,
        firstName,
        lastName,
        program: "PGP",
        role: "student",
      });
      expect(response.status, response.text).toBe(201);
      const { tempPassword } = JSON.parse(response.text) as { tempPassword: string };
      return { email, password: tempPassword, firstName, lastName };
    });
    accounts.push(...(await Promise.all(batch)));
  }
  return accounts;
}

/** An API session of its own (cookies included), signed in as `account`. */
export async function apiSession(account: { email: string; password: string }): Promise<APIRequestContext> {
  const session = await request.newContext({ baseURL: BASE_URL });
  await signInThroughApi(session, account);
  return session;
}

export function adminSession(): Promise<APIRequestContext> {
  return apiSession(demoAdmin);
}

export async function createOpportunity(
  admin: APIRequestContext,
  title: string,
  type: "teaching" | "donation" | "mentoring" | "community_service" = "teaching",
): Promise<number> {
  const response = await admin.post("/api/opportunities", {
    data: {
      title,
      shortDescription: "Teach basic maths to children at the community centre.",
      fullDescription: "Weekend sessions with a lesson plan provided by the social impact cell.",
      type,
      duration: "1week",
      coinsPerHour: 10,
      maxCoins: 1000,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function expectOk(response: { ok(): boolean; text(): Promise<string> }) {
  expect(response.ok(), await response.text()).toBe(true);
}

/** Applies as the student and returns the application's id. */
export async function apply(student: APIRequestContext, opportunityId: number): Promise<number> {
  const response = await student.post("/api/applications", { data: { opportunityId } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** The whole journey of one application: apply, accepted, hours submitted, hours approved with `coins`. */
export async function earnCoins(
  admin: APIRequestContext,
  student: APIRequestContext,
  opportunityId: number,
  coins: number,
): Promise<void> {
  const applicationId = await apply(student, opportunityId);
  await expectOk(
    await admin.put(`/api/applications/${applicationId}/status`, {
      data: { status: "accepted", notes: "Application accepted by admin" },
    }),
  );
  await expectOk(
    await student.patch(`/api/applications/${applicationId}/submit-hours`, { data: hoursBody(1) }),
  );
  await expectOk(
    await admin.post(`/api/applications/${applicationId}/approve-hours`, {
      data: { coinsAwarded: coins, feedback: "Hours approved by admin" },
    }),
  );
}

// Steps shared by the opportunity journeys: the demo students they sign in as, and the create form.
import { expect, type Page } from "@playwright/test";
import { toast } from "./support";

export const demoStudents = {
  rohan: { email: "rohan.mehta@iimb.ac.in", password: "SevaStudent#2024" },
  priya: { email: "priya.iyer@iimb.ac.in", password: "SevaStudent#2024" },
  arjun: { email: "arjun.nair@iimb.ac.in", password: "SevaStudent#2024" },
  kavya: { email: "kavya.menon@iimb.ac.in", password: "SevaStudent#2024" },
};

/** Titles must not collide with other specs of the run, which share one database. */
export function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now()}${Math.floor(Math.random() * 1000)}`;
}

export interface NewOpportunity {
  title: string;
  capacity?: string;
  visibility?: "public" | "private";
}

/** Creates an opportunity through the form with the fields most journeys need. */
export async function createOpportunity(page: Page, opportunity: NewOpportunity): Promise<void> {
  await page.goto("/admin/opportunities/new");
  await page.getByLabel("Title").fill(opportunity.title);
  await page.getByLabel("Short description").fill("Help out for a good cause.");
  await page.getByLabel("Full description").fill("Everything a volunteer needs to know.");
  if (opportunity.capacity) await page.getByLabel("Capacity").fill(opportunity.capacity);
  if (opportunity.visibility) await page.getByLabel("Visibility").selectOption(opportunity.visibility);
  await page.getByRole("button", { name: "Create Opportunity" }).click();
  await expect(toast(page)).toContainText("Opportunity created successfully");
  await expect(page).toHaveURL(/\/admin\/opportunities$/);
}

/** The opportunity's id, read from its card's edit link on the manager page. */
export async function opportunityIdOf(page: Page, title: string): Promise<string> {
  await page.goto("/admin/opportunities");
  await page.getByLabel("Search by title").fill(title);
  const href = await page.getByRole("link", { name: `Edit ${title}` }).getAttribute("href");
  const id = href?.match(/\/admin\/opportunities\/(\d+)\/edit/)?.[1];
  if (!id) throw new Error(`No edit link for ${title}`);
  return id;
}

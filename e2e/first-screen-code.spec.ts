// What a student's first screens load before they can paint holds no dialog or menu code (issue 21, ADR 0046,
// fourth addendum): the tour, Apply, Withdraw, Submit Hours, the waiting list's Leave and 'Add to Calendar' fetch
// their Radix dialog, alert dialog, checkbox and dropdown menu once the page is idle or the control is used.
// Counted from the page the server sends: its entry script and every chunk it names for preloading are what the
// first paint waits for. Radix names its parts in its code (`DialogContent`…), which survives minification.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { demoStudent, signInThroughApi } from "./support";

const WIDGET_CODE = ["`DialogContent`", "`AlertDialogContent`", "`MenuContent`", "`CheckboxIndicator`"];

/** The scripts the page at `path` names in its HTML (the entry and its preloads), each with the widgets it holds. */
async function firstScripts(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const names = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? "");
  expect(names.length).toBeGreaterThan(3);
  return Promise.all(
    names.map(async (name) => {
      const code = await (await request.get(name)).text();
      return { name, widgets: WIDGET_CODE.filter((marker) => code.includes(marker)) };
    }),
  );
}

test("a student's home, dashboard and an opportunity's page name no dialog or menu code for their first paint", async ({
  page,
}) => {
  await signInThroughApi(page.request, demoStudent);
  const { opportunities } = (await (
    await page.request.get("/api/opportunities?hideApplied=true")
  ).json()) as {
    opportunities: { id: number; startsAt: string | null; capacity: number | null }[];
  };
  // A dated one Asha has not applied to and that has room, so its page has 'Add to Calendar' and 'Apply'.
  const dated = opportunities.find(
    (opportunity) => opportunity.startsAt !== null && opportunity.capacity === null,
  );
  expect(dated).toBeDefined();

  for (const path of ["/", "/dashboard", `/opportunity/${dated?.id}`]) {
    const carrying = (await firstScripts(page.request, path)).filter((script) => script.widgets.length > 0);
    expect(carrying, path).toEqual([]);
  }

  // The markers are real: the same page loads each of them once it is used.
  const loaded: string[] = [];
  page.on("response", async (response) => {
    if (!/\/assets\/.*\.js$/.test(new URL(response.url()).pathname)) return;
    const code = await response.text().catch(() => "");
    loaded.push(...WIDGET_CODE.filter((marker) => code.includes(marker)));
  });
  await page.goto(`/opportunity/${dated?.id}`);
  await page.getByRole("button", { name: "Add to Calendar" }).click();
  await expect(page.getByRole("menuitem", { name: "Download .ics" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.getByRole("dialog", { name: /^Apply for / })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect.poll(() => loaded).toEqual(expect.arrayContaining(["`MenuContent`", "`DialogContent`"]));
});

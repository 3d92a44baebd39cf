import { sampleStudent, stubServer } from "@client/testing/render-app";
import { renderWithProviders } from "@client/testing/render-with-providers";
import type { ApplicationEvent } from "@shared/contract/timeline";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApplicationTimeline } from "./application-timeline";
import { describeEvent } from "./timeline-sentence";

let nextId = 1;
function step(kind: ApplicationEvent["kind"], fields: Partial<ApplicationEvent> = {}): ApplicationEvent {
  return {
    id: nextId++,
    kind,
    actor: "admin",
    actorName: null,
    // 09:30 UTC is 15:00 in India.
    at: "2026-11-20T09:30:00.000Z",
    hours: null,
    coins: null,
    note: null,
    ...fields,
  };
}

const WHOLE_STORY: ApplicationEvent[] = [
  step("applied", { actor: "student", actorName: "Asha Rao", note: "I teach maths at weekends" }),
  step("rejected", { actorName: "Meera Krishnan", note: "No places for first years" }),
  step("reconsidered", { actorName: "Meera Krishnan" }),
  step("hours_submitted", { actor: "student", actorName: "Asha Rao", hours: 4 }),
  step("verification_requested", { actor: "system", actorName: "Mrs Lakshmi Narayan" }),
  step("verified", { actor: "supervisor", actorName: "Mrs Lakshmi Narayan" }),
  step("hours_approved", { actor: "system", hours: 4, coins: 60 }),
  step("hours_submitted", { actor: "student", actorName: "Asha Rao", hours: 1 }),
  step("disputed", {
    actor: "supervisor",
    actorName: "Mrs Lakshmi Narayan",
    note: "She was not here that day",
  }),
  step("hours_rejected", { actorName: "Meera Krishnan", hours: 1, note: "Your supervisor disputed these" }),
  step("hours_approved", { actorName: "Meera Krishnan", hours: 2, coins: 1 }),
  step("completed", { actorName: "Meera Krishnan", hours: 3, coins: 30, note: "Thorough work" }),
];

function serve(events: ApplicationEvent[]) {
  return stubServer({
    currentUser: () => sampleStudent,
    handle: (path) => (path === "/api/applications/7/timeline" ? Response.json(events) : undefined),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("ApplicationTimeline", () => {
  it("tells every step in order with its sentence, India time and quoted note", async () => {
    serve(WHOLE_STORY);
    renderWithProviders(<ApplicationTimeline applicationId={7} />);
    const list = await screen.findByRole("list", { name: "Application timeline" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(WHOLE_STORY.length);
    const firstLines = items.map((item) => item.querySelector("p")?.textContent);
    expect(firstLines).toEqual([
      "Applied by Asha Rao",
      "Rejected by Meera Krishnan",
      "Reconsidered and accepted by Meera Krishnan",
      "4 hours submitted",
      "Sent to Mrs Lakshmi Narayan to confirm",
      "Confirmed by Mrs Lakshmi Narayan",
      "4 hours approved · 60 coins",
      "1 hour submitted",
      "Disputed by Mrs Lakshmi Narayan: She was not here that day",
      "1 hour rejected",
      "2 hours approved · 1 coin",
      "Completed by Meera Krishnan",
    ]);
    expect(items[0]).toHaveTextContent("“I teach maths at weekends”");
    expect(items[1]).toHaveTextContent("“No places for first years”");
    expect(items[3]).toHaveTextContent("By Asha Rao");
    expect(items[6]).toHaveTextContent("Approved automatically on the supervisor's confirmation");
    expect(items[9]).toHaveTextContent("By Meera Krishnan");
    expect(items[9]).toHaveTextContent("“Your supervisor disputed these”");
    expect(items[10]).toHaveTextContent("By Meera Krishnan");
    expect(items[11]).toHaveTextContent("3 hours · 30 coins");
    expect(items[11]).toHaveTextContent("“Thorough work”");
    // The dispute's reason is in its sentence, not quoted a second time.
    expect(items[8]?.querySelector("blockquote")).toBeNull();
    // India time, whatever the test machine's zone.
    const time = items[0]?.querySelector("time");
    expect(time).toHaveAttribute("dateTime", "2026-11-20T09:30:00.000Z");
    expect(time?.textContent).toMatch(/20 Nov 2026.*15:00 IST/);
  });

  it("says so when there are no steps", async () => {
    serve([]);
    renderWithProviders(<ApplicationTimeline applicationId={7} />);
    expect(await screen.findByText("No steps recorded yet.")).toBeInTheDocument();
  });
});

describe("describeEvent", () => {
  it("names the admin, or reads generically when no name was kept", () => {
    expect(describeEvent(step("accepted", { actorName: "Meera Krishnan" })).sentence).toBe(
      "Accepted by Meera Krishnan",
    );
    expect(describeEvent(step("accepted")).sentence).toBe("Accepted by an administrator");
    // The one-click buttons' notes repeat the sentence: not quoted.
    expect(
      describeEvent(step("accepted", { actorName: "Meera Krishnan", note: "Application accepted by admin" })),
    ).toEqual({ sentence: "Accepted by Meera Krishnan" });
    expect(describeEvent(step("withdrawn", { actor: "student", actorName: "Asha Rao" })).sentence).toBe(
      "Withdrawn by Asha Rao",
    );
    expect(describeEvent(step("disputed", { actor: "supervisor" })).sentence).toBe(
      "Disputed by the supervisor",
    );
    expect(
      describeEvent(step("hours_approved", { hours: 4, coins: 60, actorName: "Meera Krishnan" })),
    ).toEqual({
      sentence: "4 hours approved · 60 coins",
      byline: "By Meera Krishnan",
    });
  });
});

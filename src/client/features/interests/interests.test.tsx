// Interests (ADR 0035): the question asked once after the password prompt, skippable, and Profile's section.
import { renderApp, sampleStudent, stubServer } from "@client/testing/render-app";
import type { CurrentUser, InterestsBody } from "@shared/contract/auth";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const unasked: CurrentUser = { ...sampleStudent, interestsPrompt: true };

/** A student whose PATCH /api/auth/user answers as the server does; `sent` keeps the interests each one sent. */
function stubStudent(initial: CurrentUser) {
  let user = initial;
  const sent: InterestsBody[] = [];
  const fetchMock = stubServer({
    currentUser: () => user,
    handle: (url, init) => {
      if (url.startsWith("/api/applications/user/")) return Response.json([]);
      if (url.startsWith("/api/opportunities")) return Response.json({ opportunities: [], total: 0 });
      if (url === "/api/auth/user" && init.method === "PATCH") {
        const { interests } = JSON.parse(String(init.body)) as { interests: InterestsBody };
        sent.push(interests);
        user = { ...user, interests, interestsPrompt: false };
        return Response.json(user);
      }
      return undefined;
    },
  });
  return { fetchMock, sent };
}

const question = () => screen.findByRole("region", { name: "What would you like to do?" });

beforeEach(() => window.localStorage.setItem(`seva.onboarding-dismissed.${sampleStudent.id}`, "true"));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("the interests question", () => {
  it("offers skills and causes as toggle buttons in named groups, and saves the choice once", async () => {
    const { sent } = stubStudent(unasked);
    renderApp("/dashboard");
    const region = await question();
    const skills = within(region).getByRole("group", { name: "Skills you would like to use" });
    const causes = within(region).getByRole("group", { name: "Causes you care about" });
    expect(within(skills).getAllByRole("button")).toHaveLength(12);
    expect(
      within(causes)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Teaching", "Donation", "Mentoring", "Community Service"]);

    const user = userEvent.setup();
    const computers = within(skills).getByRole("button", { name: "Computers" });
    expect(computers).toHaveAttribute("aria-pressed", "false");
    await user.click(computers);
    await user.click(within(skills).getByRole("button", { name: "Maths" }));
    await user.click(within(skills).getByRole("button", { name: "Music" }));
    await user.click(within(skills).getByRole("button", { name: "Music" }));
    await user.click(within(causes).getByRole("button", { name: "Mentoring" }));
    expect(computers).toHaveAttribute("aria-pressed", "true");
    await user.click(within(region).getByRole("button", { name: "Save Interests" }));

    expect(await screen.findByText("Interests Saved")).toBeInTheDocument();
    // In the vocabulary's order, whatever the order of the clicks.
    expect(sent).toEqual([{ skills: ["Maths", "Computers"], types: ["mentoring"] }]);
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "What would you like to do?" })).not.toBeInTheDocument(),
    );
  });

  it("is skipped with an empty answer, so it is not asked again", async () => {
    const { sent } = stubStudent(unasked);
    renderApp("/");
    const region = await question();
    await userEvent.setup().click(within(region).getByRole("button", { name: "Skip for Now" }));
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "What would you like to do?" })).not.toBeInTheDocument(),
    );
    expect(sent).toEqual([{ skills: [], types: [] }]);
  });

  it("waits while the password prompt asks, and is not shown to those already asked", async () => {
    stubStudent({ ...sampleStudent, passwordPrompt: "skippable", interestsPrompt: false });
    renderApp("/dashboard");
    expect(await screen.findByRole("region", { name: "Choose your own password" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "What would you like to do?" })).not.toBeInTheDocument();
  });
});

describe("Profile's Interests", () => {
  it("opens at the section from the dashboard's hint, shows the choice and saves a change", async () => {
    const { sent } = stubStudent({
      ...sampleStudent,
      interests: { skills: ["English"], types: ["teaching"] },
    });
    const router = renderApp("/profile#interests");
    const section = await screen.findByRole("region", { name: "Interests" });
    // The page's own section replaces the question on the profile.
    expect(screen.queryByRole("region", { name: "What would you like to do?" })).not.toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
    expect(within(section).getByRole("button", { name: "Teaching" })).toHaveAttribute("aria-pressed", "true");

    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: "English" }));
    await user.click(within(section).getByRole("button", { name: "Writing" }));
    await user.click(within(section).getByRole("button", { name: "Community Service" }));
    expect(within(section).getByText("You have unsaved changes.")).toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Save Interests" }));
    expect(await screen.findByText("Interests Saved")).toBeInTheDocument();
    expect(sent).toEqual([{ skills: ["Writing"], types: ["teaching", "community_service"] }]);
    await waitFor(() =>
      expect(within(section).queryByText("You have unsaved changes.")).not.toBeInTheDocument(),
    );
    expect(router.state.location.hash).toBe("#interests");
  });

  it("is not part of an admin's profile", async () => {
    stubStudent({ ...sampleStudent, role: "admin" });
    renderApp("/profile");
    await userEvent.setup().click(await screen.findByRole("tab", { name: "Settings" }));
    expect(await screen.findByRole("region", { name: "Privacy" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Interests" })).not.toBeInTheDocument();
  });
});

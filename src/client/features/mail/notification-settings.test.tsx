import { sampleAdmin, sampleStudent, stubServer } from "@client/testing/render-app";
import { renderWithProviders, toastText } from "@client/testing/render-with-providers";
import type { MailPreferences } from "@shared/contract/mail";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NotificationSettings } from "./notification-settings";

const studentChoices: MailPreferences = {
  categories: [
    { category: "applications", label: "My applications", email: true },
    { category: "hours", label: "My hours and coins", email: true },
    { category: "opportunities", label: "Changes to opportunities I applied to", email: false },
    { category: "reminders", label: "Reminders", email: true },
  ],
  digest: null,
};

/** A server holding the choices; a PUT applies its body and answers the whole new set. */
function serve(choices: MailPreferences, user = sampleStudent) {
  return stubServer({
    currentUser: () => user,
    handle: (url, init) => {
      if (url !== "/api/notifications/preferences") return undefined;
      if (init.method === "PUT") {
        const body = JSON.parse(String(init.body)) as {
          email?: Record<string, boolean>;
          digest?: MailPreferences["digest"];
        };
        for (const entry of choices.categories) entry.email = body.email?.[entry.category] ?? entry.email;
        if (body.digest) choices.digest = body.digest;
      }
      return Response.json(choices);
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("notification settings", () => {
  it("shows a named switch per category, no security switch, and saves a change at once", async () => {
    const fetchMock = serve(structuredClone(studentChoices));
    renderWithProviders(<NotificationSettings />);

    const applications = await screen.findByRole("switch", { name: "E-mail: My applications" });
    expect(applications).toBeChecked();
    expect(applications).toHaveAccessibleDescription("Received, accepted, not accepted, completed.");
    expect(
      screen.getByRole("switch", { name: "E-mail: Changes to opportunities I applied to" }),
    ).not.toBeChecked();
    expect(screen.getAllByRole("switch")).toHaveLength(4);
    expect(screen.queryByRole("switch", { name: /security/i })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("New work to review, by e-mail")).not.toBeInTheDocument();

    await userEvent.setup().click(applications);
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "E-mail: My applications" })).not.toBeChecked(),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init.method === "PUT");
    expect(JSON.parse(String(put?.[1].body))).toEqual({ email: { applications: false } });
    await waitFor(() => expect(toastText()).toContain("No more e-mail about “My applications”."));
  });

  it("lets an admin choose new work as it happens or in the daily digest", async () => {
    const fetchMock = serve(
      {
        categories: [
          { category: "review_queue", label: "New applications and hours to review", email: true },
          { category: "targets", label: "Opportunities reaching their hours target", email: true },
        ],
        digest: "daily",
      },
      sampleAdmin,
    );
    renderWithProviders(<NotificationSettings />);

    const digest = await screen.findByLabelText("New work to review, by e-mail");
    expect(digest).toHaveValue("daily");
    await userEvent.setup().selectOptions(digest, "immediate");
    await waitFor(() =>
      expect(screen.getByLabelText("New work to review, by e-mail")).toHaveValue("immediate"),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init.method === "PUT");
    expect(JSON.parse(String(put?.[1].body))).toEqual({ digest: "immediate" });
  });
});

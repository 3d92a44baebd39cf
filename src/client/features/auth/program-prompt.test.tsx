// The programme question (ADR 0041): a student made by the institution's sign-in has no programme; they are asked
// for it first, in a dialog that cannot be skipped, and the interests question follows.
import { renderApp, sampleStudent, stubServer } from "@client/testing/render-app";
import type { CurrentUser } from "@shared/contract/auth";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

const madeBySso: CurrentUser = {
  ...sampleStudent,
  program: null,
  programPrompt: true,
  firstSignIn: true,
  passwordPrompt: "none",
};

/** A student whose PATCH /api/auth/user answers as the server does; `sent` keeps each body sent. */
function stubStudent(initial: CurrentUser, patchStatus = 200) {
  let user = initial;
  const sent: unknown[] = [];
  stubServer({
    currentUser: () => user,
    handle: (url, init) => {
      if (url.startsWith("/api/applications/user/")) return Response.json([]);
      if (url.startsWith("/api/opportunities")) return Response.json({ opportunities: [], total: 0 });
      if (url === "/api/auth/user" && init.method === "PATCH") {
        const body = JSON.parse(String(init.body)) as Pick<CurrentUser, "program">;
        sent.push(body);
        if (patchStatus !== 200) {
          return Response.json({ message: "Something went wrong" }, { status: patchStatus });
        }
        // Answered, the interests question is next (the server's order).
        user = { ...user, program: body.program, programPrompt: false, interestsPrompt: true };
        return Response.json(user);
      }
      return undefined;
    },
  });
  return { sent };
}

const dialog = () => screen.findByRole("dialog", { name: "Which programme are you in?" });

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("the programme question", () => {
  it("asks first, by keyboard, saves the choice and gives way to the interests question", async () => {
    const { sent } = stubStudent(madeBySso);
    renderApp("/");
    const question = await dialog();
    expect(question).toHaveAccessibleDescription("Your programme appears on the leaderboard and in reports.");
    // One question at a time: neither the welcome tour nor the interests question yet.
    expect(screen.queryByRole("dialog", { name: "Welcome to Seva!" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "What would you like to do?" })).not.toBeInTheDocument();

    const radios = within(question).getAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("value"))).toEqual([
      "PGP",
      "PGPBA",
      "Executive",
      "PhD",
      "Faculty",
      "Staff",
    ]);
    expect(within(question).getByRole("radio", { name: "PGPBA (Business Analytics)" })).toBeInTheDocument();
    // Radix moves focus in as the dialog mounts.
    await waitFor(() => expect(question).toContainElement(document.activeElement as HTMLElement));

    const user = userEvent.setup();
    await user.click(within(question).getByRole("radio", { name: "PGP (Post Graduate Programme)" }));
    await user.keyboard("{ArrowDown}");
    expect(within(question).getByRole("radio", { name: "PGPBA (Business Analytics)" })).toBeChecked();
    await user.tab();
    expect(within(question).getByRole("button", { name: "Continue" })).toHaveFocus();
    await user.keyboard("{Enter}");

    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Which programme are you in?" })).not.toBeInTheDocument(),
    );
    expect(sent).toEqual([{ program: "PGPBA" }]);
    expect(await screen.findByText("Programme Saved")).toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "What would you like to do?" })).toBeInTheDocument();
  });

  it("cannot be skipped: no close button, Escape and a click outside leave it open", async () => {
    const { sent } = stubStudent(madeBySso);
    renderApp("/dashboard");
    const question = await dialog();
    expect(within(question).queryByRole("button", { name: "Close" })).not.toBeInTheDocument();
    await userEvent.setup().keyboard("{Escape}");
    // The page behind takes no pointer while the dialog is open; a stray tap still reaches the document.
    fireEvent.pointerDown(document.body);
    expect(await dialog()).toBeVisible();
    expect(sent).toEqual([]);
  });

  it("asks for a choice before sending anything", async () => {
    const { sent } = stubStudent(madeBySso);
    renderApp("/");
    const question = await dialog();
    await userEvent.setup().click(within(question).getByRole("button", { name: "Continue" }));
    expect(within(question).getByRole("alert")).toHaveTextContent("Choose your programme.");
    expect(sent).toEqual([]);
  });

  it("stays open and says so when the answer is not saved", async () => {
    const { sent } = stubStudent(madeBySso, 500);
    renderApp("/");
    const question = await dialog();
    const user = userEvent.setup();
    await user.click(within(question).getByRole("radio", { name: "Staff" }));
    await user.click(within(question).getByRole("button", { name: "Continue" }));
    expect(await within(question).findByRole("alert")).toHaveTextContent("Something went wrong");
    expect(sent).toEqual([{ program: "Staff" }]);
    expect(await dialog()).toBeVisible();
  });

  it("is not asked of a student who has a programme", async () => {
    stubStudent({ ...sampleStudent, interestsPrompt: true });
    renderApp("/");
    expect(await screen.findByRole("region", { name: "What would you like to do?" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Which programme are you in?" })).not.toBeInTheDocument();
  });
});

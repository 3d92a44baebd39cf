import { renderWithProviders, toastText } from "@client/testing/render-with-providers";
import { schoolDayOf } from "@shared/domain/event-dates";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SubmitHoursButton } from "./submit-hours-button";
import { parseStudentHours } from "./submit-hours-dialog";

const opportunity = {
  title: "Teach Maths at Vidya Niketan",
  coinsPerHour: 10,
  maxCoins: 100,
  verification: "none" as "none" | "supervisor",
  supervisorName: null as string | null,
  studentNamesSupervisor: false,
};
const WHAT_I_DID = "Taught fractions to class 6";

function stubSubmit(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function openDialog(props: Partial<typeof opportunity> = {}, coinsAwarded = 0) {
  const user = userEvent.setup();
  renderWithProviders(
    <SubmitHoursButton application={{ id: 7, coinsAwarded }} opportunity={{ ...opportunity, ...props }} />,
  );
  await user.click(await screen.findByRole("button", { name: /Submit Hours for Teach Maths/ }));
  const dialog = await screen.findByRole("dialog", { name: "Submit Hours" });
  return { user, dialog, input: screen.getByLabelText("Hours served") };
}

afterEach(() => vi.unstubAllGlobals());

describe("parseStudentHours", () => {
  it("accepts whole hours from 1 to 200 only", () => {
    expect(parseStudentHours("1")).toBe(1);
    expect(parseStudentHours("200")).toBe(200);
    expect(parseStudentHours(" 3 ")).toBe(3);
    for (const text of ["", "0", "201", "1.5", "-2", "abc", "1e2"])
      expect(parseStudentHours(text)).toBeNull();
  });
});

describe("SubmitHoursButton", () => {
  it("keeps Submit disabled until the hours are a whole number from 1 to 200", async () => {
    const { user, input } = await openDialog();
    const submit = screen.getByRole("button", { name: "Submit Hours" });
    expect(submit).toBeDisabled();
    for (const text of ["0", "201", "2.5"]) {
      await user.clear(input);
      await user.type(input, text);
      expect(submit).toBeDisabled();
      expect(input).toHaveAttribute("aria-invalid", "true");
    }
    await user.clear(input);
    await user.type(input, "3");
    expect(submit).toBeEnabled();
    expect(input).not.toHaveAttribute("aria-invalid");
  });

  it("previews hours × rate, capped by the maximum coins", async () => {
    const { user, input } = await openDialog({ coinsPerHour: 20, maxCoins: 50 });
    await user.type(input, "2");
    expect(screen.getByText("40 coins")).toBeInTheDocument();
    await user.type(input, "0");
    expect(screen.getByText("50 coins")).toBeInTheDocument();
  });

  it("previews the amount an admin's Approve starts at: within what the cap leaves, with its sum", async () => {
    const { user, dialog, input } = await openDialog({ coinsPerHour: 15, maxCoins: 300 }, 200);
    await user.type(input, "8");
    expect(dialog).toHaveTextContent(
      "You could earn 100 coins for these hours (8 h × 15/h = 120, 100 left under the 300-coin cap).",
    );
  });

  it("submits the hours, says so and closes", async () => {
    const fetchMock = stubSubmit(Response.json({ id: 7, status: "hours_submitted" }));
    const { user, input } = await openDialog();
    await user.type(input, "3");
    await user.type(screen.getByLabelText("What did you do?"), WHAT_I_DID);
    await user.type(screen.getByLabelText("Reflection (optional)"), "  ");
    await user.click(screen.getByRole("button", { name: "Submit Hours" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/applications/7/submit-hours",
      expect.objectContaining({ method: "PATCH" }),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toEqual({
      hours: 3,
      servedFrom: schoolDayOf(),
      servedTo: schoolDayOf(),
      description: WHAT_I_DID,
      reflection: null,
    });
    expect(toastText()).toContain("Hours Submitted Successfully!");
    expect(toastText()).toContain("under review");
  });

  it("keeps the dialog open and shows the failure toast when the server refuses", async () => {
    stubSubmit(
      Response.json(
        { message: "Cannot change an application from hours_submitted to hours_submitted" },
        { status: 409 },
      ),
    );
    const { user, input } = await openDialog();
    await user.type(input, "3");
    await user.type(screen.getByLabelText("What did you do?"), WHAT_I_DID);
    await user.click(screen.getByRole("button", { name: "Submit Hours" }));

    await waitFor(() => expect(toastText()).toContain("Submission Failed"));
    expect(screen.getByRole("dialog", { name: "Submit Hours" })).toBeInTheDocument();
  });

  it("says Connection Error when the server cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const { user, input } = await openDialog();
    await user.type(input, "3");
    await user.type(screen.getByLabelText("What did you do?"), WHAT_I_DID);
    await user.click(screen.getByRole("button", { name: "Submit Hours" }));
    await waitFor(() =>
      expect(toastText()).toContain("Connection Error - Unable to connect to server. Please try again."),
    );
  });

  it("starts both dates at today at the school and refuses a day after it", async () => {
    const { user } = await openDialog();
    const from = screen.getByLabelText("From");
    expect(from).toHaveDisplayValue(schoolDayOf());
    expect(screen.getByLabelText("To")).toHaveDisplayValue(schoolDayOf());
    expect(from).toHaveAttribute("max", schoolDayOf());
    await user.clear(from);
    await user.type(from, "2999-01-01");
    await user.tab();
    expect(screen.getByText("From cannot be in the future")).toBeInTheDocument();
  });

  it("counts the characters of what was done and refuses fewer than 10, without sending", async () => {
    const fetchMock = stubSubmit(Response.json({}));
    const { user, input } = await openDialog();
    await user.type(input, "3");
    const description = screen.getByLabelText("What did you do?");
    await user.type(description, "Taught");
    expect(screen.getByText("6 / 2,000 characters (at least 10).")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Submit Hours" }));
    expect(screen.getByText("Describe what you did in at least 10 characters")).toBeInTheDocument();
    expect(description).toHaveAttribute("aria-invalid", "true");
    expect(description).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks for the supervisor when students name their own, and sends them", async () => {
    const fetchMock = stubSubmit(Response.json({ id: 7, status: "hours_submitted" }));
    const { user, input, dialog } = await openDialog({
      verification: "supervisor",
      studentNamesSupervisor: true,
    });
    expect(dialog).toHaveTextContent("Your supervisor will be e-mailed to confirm these hours.");
    await user.type(input, "3");
    await user.type(screen.getByLabelText("What did you do?"), WHAT_I_DID);
    await user.click(screen.getByRole("button", { name: "Submit Hours" }));
    expect(screen.getByText("Give your supervisor's name")).toBeInTheDocument();
    expect(screen.getByText("Give your supervisor's e-mail")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText("Supervisor's name"), "Asha Rao");
    await user.type(screen.getByLabelText("Supervisor's e-mail"), "asha@vidya.org");
    await user.click(screen.getByRole("button", { name: "Submit Hours" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toMatchObject({
      supervisorName: "Asha Rao",
      supervisorEmail: "asha@vidya.org",
    });
  });

  it("names the opportunity's supervisor who will be asked to confirm", async () => {
    const { dialog } = await openDialog({ verification: "supervisor", supervisorName: "Asha Rao" });
    expect(dialog).toHaveTextContent("Your supervisor, Asha Rao, will be e-mailed to confirm these hours.");
    expect(screen.queryByLabelText("Supervisor's name")).not.toBeInTheDocument();
  });

  it("shows the server's message beside its field", async () => {
    stubSubmit(
      Response.json(
        {
          message: "Validation failed",
          fieldErrors: { servedFrom: ["From cannot be before your application was accepted"] },
        },
        { status: 400 },
      ),
    );
    const { user, input } = await openDialog();
    await user.type(input, "3");
    await user.type(screen.getByLabelText("What did you do?"), WHAT_I_DID);
    await user.click(screen.getByRole("button", { name: "Submit Hours" }));
    expect(
      await screen.findByText("From cannot be before your application was accepted"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("From")).toHaveAttribute("aria-invalid", "true");
  });
});

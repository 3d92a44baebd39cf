import { renderWithProviders, toastText } from "@client/testing/render-with-providers";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseStudentHours, SubmitHoursDialog } from "./submit-hours-dialog";

const opportunity = { title: "Teach Maths at Vidya Niketan", coinsPerHour: 10, maxCoins: 100 };

function stubSubmit(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function openDialog(props: Partial<typeof opportunity> = {}, coinsAwarded = 0) {
  const user = userEvent.setup();
  renderWithProviders(
    <SubmitHoursDialog application={{ id: 7, coinsAwarded }} opportunity={{ ...opportunity, ...props }} />,
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

describe("SubmitHoursDialog", () => {
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
    await user.click(screen.getByRole("button", { name: "Submit Hours" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/applications/7/submit-hours",
      expect.objectContaining({ method: "PATCH" }),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toEqual({ hours: 3 });
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
    await user.click(screen.getByRole("button", { name: "Submit Hours" }));
    await waitFor(() =>
      expect(toastText()).toContain("Connection Error - Unable to connect to server. Please try again."),
    );
  });
});

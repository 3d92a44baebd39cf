import { renderWithProviders } from "@client/testing/render-with-providers";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ApproveHoursDialog } from "./approve-hours-dialog";

async function openDialog(coinsAwarded: number) {
  const user = userEvent.setup();
  renderWithProviders(
    <ApproveHoursDialog
      application={{ id: 4, submittedHours: 8, coinsAwarded }}
      applicantName="Nisha Kulkarni"
      opportunity={{ coinsPerHour: 15, maxCoins: 300 }}
    />,
  );
  await user.click(await screen.findByRole("button", { name: "Approve 8 hours from Nisha Kulkarni" }));
  return screen.findByRole("dialog", { name: "Approve Hours" });
}

describe("ApproveHoursDialog", () => {
  it("starts at what the student was shown: hours × the opportunity's rate, and says so", async () => {
    const dialog = await openDialog(0);
    expect(screen.getByLabelText("Coins to award")).toHaveDisplayValue("120");
    expect(dialog).toHaveTextContent("The student was shown 120 coins (8 h × 15/h).");
  });

  it("starts at what the cap leaves when hours × rate would pass it", async () => {
    const dialog = await openDialog(200);
    expect(screen.getByLabelText("Coins to award")).toHaveDisplayValue("100");
    expect(dialog).toHaveTextContent(
      "The student was shown 100 coins (8 h × 15/h = 120, 100 left under the 300-coin cap).",
    );
  });
});

describe("ApproveHoursDialog on disputed hours", () => {
  it("shows the dispute and needs a note before approving", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ApproveHoursDialog
        application={{ id: 4, submittedHours: 8, coinsAwarded: 0 }}
        applicantName="Nisha Kulkarni"
        opportunity={{ coinsPerHour: 15, maxCoins: 300 }}
        underReview={{
          id: 9,
          hours: 8,
          servedFrom: "2026-11-12",
          servedTo: "2026-11-12",
          description: "Ran the library corner all day.",
          reflection: null,
          submittedAt: "2026-11-13T06:00:00.000Z",
          verification: {
            status: "disputed",
            supervisorName: "Asha Rao",
            sentAt: "2026-11-13T06:00:00.000Z",
            verifiedAt: "2026-11-14T06:00:00.000Z",
            disputeReason: "She left at noon",
          },
        }}
      />,
    );
    await user.click(await screen.findByRole("button", { name: "Approve 8 hours from Nisha Kulkarni" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve Hours" });
    expect(dialog).toHaveTextContent("Disputed: She left at noon");
    expect(dialog).toHaveTextContent("Ran the library corner all day.");
    const submit = screen.getByRole("button", { name: "Approve Hours" });
    expect(submit).toBeDisabled();
    await user.type(
      screen.getByLabelText("Note (required for disputed hours)"),
      "Agreed with the NGO by phone",
    );
    expect(submit).toBeEnabled();
  });
});

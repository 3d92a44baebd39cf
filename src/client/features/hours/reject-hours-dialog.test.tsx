import { renderWithProviders } from "@client/testing/render-with-providers";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { RejectHoursDialog } from "./reject-hours-dialog";

// The dialog's code loads on demand (ADR 0046): its trigger is a plain button outside the dialog's own root, so
// what Radix's trigger did for free is proved here.
describe("RejectHoursDialog, loaded on demand", () => {
  it("opens from its button, gives focus back to it on closing, and starts empty at each opening", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <RejectHoursDialog applicationId={7} applicantName="Asha Rao" hours={3} wording="summary" />,
    );
    const trigger = screen.getByRole("button", { name: "Reject 3 hours from Asha Rao" });
    expect(trigger).toHaveAttribute("aria-haspopup", "dialog");
    expect(trigger).toHaveAttribute("aria-expanded", "false");

    await user.click(trigger);
    const dialog = await screen.findByRole("dialog", { name: "Reject Hours" });
    expect(dialog).toHaveAccessibleDescription(
      "Tell Asha Rao why the 3 hours were not approved. They can submit again.",
    );
    expect(trigger).toHaveAttribute("aria-expanded", "true");
    const feedback = screen.getByLabelText(/Feedback for the student/);
    expect(feedback).toHaveFocus();
    await user.type(feedback, "Please add the dates.");
    expect(screen.getByRole("button", { name: "Reject Hours" })).toBeEnabled();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute("aria-expanded", "false");

    await user.click(trigger);
    await screen.findByRole("dialog", { name: "Reject Hours" });
    expect(screen.getByLabelText(/Feedback for the student/)).toHaveValue("");
    expect(screen.getByRole("button", { name: "Reject Hours" })).toBeDisabled();
  });
});

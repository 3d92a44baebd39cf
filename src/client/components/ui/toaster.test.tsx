import { toast } from "@client/lib/toast";
import { TOAST_REGION } from "@client/testing/toast-region";
import { act, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Toaster } from "./toaster";

describe("Toaster", () => {
  it("renders nothing until the first toast, then loads the region and shows it", async () => {
    render(<Toaster />);
    expect(screen.queryByRole("region", TOAST_REGION)).not.toBeInTheDocument();

    act(() => toast({ title: "Saved", description: "All good" }));

    const region = await screen.findByRole("region", TOAST_REGION);
    expect(await within(region).findByRole("listitem")).toHaveTextContent("Saved - All good");
  });
});

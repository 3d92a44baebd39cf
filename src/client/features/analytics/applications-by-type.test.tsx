import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApplicationsByType } from "./applications-by-type";

describe("ApplicationsByType", () => {
  it("lists the most chosen type first", () => {
    render(
      <ApplicationsByType
        byType={[
          { type: "donation", count: 1 },
          { type: "teaching", count: 7 },
          { type: "mentoring", count: 3 },
        ]}
      />,
    );
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Teaching7 · 63.6%",
      "Mentoring3 · 27.3%",
      "Donation1 · 9.1%",
    ]);
  });
});

import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { InputField } from "./field";

function HoursField() {
  const [value, setValue] = useState("");
  const valid = value === "" || /^[1-9]\d*$/.test(value);
  return (
    <InputField
      label="Hours served"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      errors={valid ? undefined : ["Enter a whole number of hours"]}
    />
  );
}

describe("Field errors", () => {
  it("appear while typing inside a live region that was there before them, and describe the control", async () => {
    const { container } = render(<HoursField />);
    const liveRegion = container.querySelector('[aria-live="polite"]');
    expect(liveRegion).toBeEmptyDOMElement();
    const input = screen.getByLabelText("Hours served");
    expect(input).not.toHaveAttribute("aria-invalid");

    await userEvent.type(input, "0");
    expect(liveRegion).toHaveTextContent("Enter a whole number of hours");
    expect(container.querySelector('[aria-live="polite"]')).toBe(liveRegion);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Enter a whole number of hours");

    await userEvent.clear(input);
    expect(liveRegion).toBeEmptyDOMElement();
  });
});

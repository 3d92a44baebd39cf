import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { type ComboboxOption, SearchCombobox } from "./search-combobox";

const ALL: ComboboxOption[] = Array.from({ length: 500 }, (_, index) => ({
  id: index + 1,
  label: `Opportunity ${index + 1}`,
}));

/** Answers like the server: the first 20 matches of the text, and how many match in all. */
function Harness({ onChosen }: { onChosen: (option: ComboboxOption | null) => void }) {
  const [value, setValue] = useState<ComboboxOption | null>(null);
  const [search, setSearch] = useState("");
  const matches = ALL.filter((option) => option.label.includes(search));
  return (
    <SearchCombobox
      label="Activity"
      noneLabel="All activities"
      value={value}
      onChange={(option) => {
        setValue(option);
        onChosen(option);
      }}
      onSearchChange={setSearch}
      options={matches.slice(0, 20)}
      total={matches.length}
    />
  );
}

describe("SearchCombobox", () => {
  it("finds an entry beyond the first page by typing, and chooses it by keyboard", async () => {
    const chosen: (ComboboxOption | null)[] = [];
    render(<Harness onChosen={(option) => chosen.push(option)} />);
    const box = screen.getByRole("combobox", { name: "Activity" });
    expect(box).toHaveAttribute("aria-expanded", "false");

    await userEvent.click(box);
    expect(box).toHaveAttribute("aria-expanded", "true");
    expect(screen.getAllByRole("option")).toHaveLength(21);
    expect(screen.getByText("20 of 500 shown; type to narrow")).toBeInTheDocument();

    await userEvent.type(box, "Opportunity 437");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "All activities",
      "Opportunity 437",
    ]);
    await userEvent.keyboard("{ArrowDown}");
    expect(box).toHaveAttribute("aria-activedescendant", screen.getAllByRole("option")[1]?.id);
    await userEvent.keyboard("{Enter}");

    expect(chosen).toEqual([{ id: 437, label: "Opportunity 437" }]);
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(box).toHaveValue("Opportunity 437");
  });

  it("clears the choice with its first entry, and Escape closes without choosing", async () => {
    const chosen: (ComboboxOption | null)[] = [];
    render(<Harness onChosen={(option) => chosen.push(option)} />);
    const box = screen.getByRole("combobox", { name: "Activity" });
    await userEvent.click(box);
    await userEvent.click(screen.getByRole("option", { name: "Opportunity 2" }));
    expect(box).toHaveValue("Opportunity 2");

    await userEvent.click(box);
    await userEvent.keyboard("{Escape}");
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(chosen).toEqual([{ id: 2, label: "Opportunity 2" }]);

    await userEvent.click(box);
    await userEvent.click(screen.getByRole("option", { name: "All activities" }));
    expect(chosen.at(-1)).toBeNull();
    expect(box).toHaveValue("");
  });
});

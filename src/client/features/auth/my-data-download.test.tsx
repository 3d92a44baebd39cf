import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MyDataDownload } from "./my-data-download";

describe("MyDataDownload", () => {
  it("links to the export, which the browser saves as a file", () => {
    render(<MyDataDownload />);
    const link = screen.getByRole("link", { name: "Download My Data" });
    expect(link).toHaveAttribute("href", "/api/auth/export");
    expect(link).toHaveAttribute("download");
  });
});

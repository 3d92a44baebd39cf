import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next-path";

describe("safeNextPath", () => {
  it("keeps a same-site path with its query and hash", () => {
    expect(safeNextPath("/profile")).toBe("/profile");
    expect(safeNextPath("/admin/applications/7?status=pending#top")).toBe(
      "/admin/applications/7?status=pending#top",
    );
  });

  it("refuses anything that could leave the site", () => {
    for (const raw of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/profile",
      "javascript:alert(1)",
      "profile",
      "",
      null,
      undefined,
    ]) {
      expect(safeNextPath(raw)).toBeUndefined();
    }
  });

  it("refuses the sign-in pages themselves, which would loop", () => {
    expect(safeNextPath("/login?next=/profile")).toBeUndefined();
    expect(safeNextPath("/register")).toBeUndefined();
    expect(safeNextPath("/forgot-password")).toBeUndefined();
    expect(safeNextPath("/reset-password")).toBeUndefined();
  });
});

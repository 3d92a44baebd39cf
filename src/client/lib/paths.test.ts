import { SSO_REFUSED_PATH } from "@shared/domain/sso";
import { describe, expect, it } from "vitest";
import { paths, signInReasonFor } from "./paths";

describe("paths", () => {
  it("opens the refusal page where the server sends a refused sign-in", () => {
    expect(paths.signInRefused).toBe(SSO_REFUSED_PATH);
  });
});

describe("signInReasonFor", () => {
  it("names the page a deep link asked for", () => {
    expect(signInReasonFor("/opportunity/12?key=abc")).toBe("Sign in to view this opportunity");
    expect(signInReasonFor("/dashboard")).toBe("Sign in to view your dashboard");
    expect(signInReasonFor("/profile")).toBe("Sign in to view your profile");
    expect(signInReasonFor("/leaderboard")).toBe("Sign in to view the leaderboard");
    expect(signInReasonFor("/admin/analytics")).toBe("Sign in to view the admin dashboard");
    expect(signInReasonFor("/somewhere")).toBe("Sign in to view this page");
  });

  it("says nothing without a path of this site", () => {
    for (const next of [
      null,
      undefined,
      "",
      "/",
      "//evil.example",
      "/\\\\evil.example",
      "https://evil.example",
    ]) {
      expect(signInReasonFor(next)).toBeUndefined();
    }
  });
});

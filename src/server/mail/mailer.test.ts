import { describe, expect, it } from "vitest";
import { smtpServerLabel } from "./mailer";

describe("smtpServerLabel", () => {
  it("names the server for the boot message without its credentials", () => {
    expect(smtpServerLabel("smtps://seva:hunter2@mail.iimb.ac.in:465")).toBe("smtps://mail.iimb.ac.in:465");
    expect(smtpServerLabel("smtp://mail.iimb.ac.in")).toBe("smtp://mail.iimb.ac.in");
  });
});

// The mail that tells an account's owner it was linked to the institution's sign-in (docs/product-rules.md §13):
// it names the provider and the address, says what to do if it was not them, and is security mail (always sent,
// no unsubscribe).
import { renderOutboxMessage } from "@server/mail/render";
import { ACCOUNT_MAIL_SUBJECTS } from "@server/modules/notifications/notify";
import { categoryOf } from "@shared/domain/notifications";
import { describe, expect, it } from "vitest";

describe("the sso_linked mail", () => {
  it("names the provider and the address, and says to tell an administrator if it was not them", async () => {
    const mail = await renderOutboxMessage(
      {
        kind: "sso_linked",
        category: "security",
        subject: ACCOUNT_MAIL_SUBJECTS.sso_linked,
        data: { provider: "Microsoft" },
        to: "asha.rao@iimb.ac.in",
      },
      { publicUrl: "https://seva.example", institutionName: "IIM Bangalore" },
    );
    expect(mail.subject).toBe("Your Seva account is now linked to your institution's sign-in");
    const text = mail.text.replace(/\s+/g, " ");
    expect(text).toContain("Your Seva account can now be signed in to with Microsoft.");
    expect(text).toContain("asha.rao@iimb.ac.in");
    expect(text).toContain("If that was not you, tell an administrator at once");
    expect(mail.html).toContain("https://seva.example/login");
    expect(categoryOf("sso_linked")).toBe("security");
  });
});

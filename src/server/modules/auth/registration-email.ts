// The e-mail that carries a new account's temporary password (docs/product-rules.md §1). Plain text: a
// password needs no markup, and there is then nothing to escape. It holds no text the registrant typed
// besides the address it goes to: anyone can register any school address, and must not be able to write to
// its owner in Seva's name.
import type { MailMessage } from "@server/mail/mailer";

export function registrationEmail(email: string, temporaryPassword: string): MailMessage {
  return {
    to: email,
    subject: "Your Seva temporary password",
    // One line per paragraph: mail clients wrap it to the screen (quoted-printable keeps the lines short on the wire).
    text: [
      "Welcome to Seva!",
      `A Seva account has been created for ${email}. Sign in with this temporary password:`,
      `    ${temporaryPassword}`,
      "Once you are signed in, choose your own password in Profile → Settings.",
      "Did not register? Someone may have typed your address by mistake. Nobody can sign in without the password above, so you can ignore this e-mail, or sign in and delete the account in Profile → Settings.",
    ].join("\n\n"),
  };
}

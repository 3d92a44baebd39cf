// Account mail (docs/product-rules.md §9, ADR 0033): a new account's temporary password, a password reset link,
// the note that someone tried to register with an address that has an account, and the note that an account was
// linked to the institution's sign-in (§13). It goes to whoever owns the
// address, who may not be the person who asked, so it holds nothing anyone typed besides that address. The secret
// (password or link) is in the row until it is sent; the admins' mail log renders the row without it.
import { Text } from "@react-email/components";
import type { AccountMailKind } from "@shared/domain/notifications";
import { absoluteLink, type MailSite } from "../site";
import { EmailLayout, quoteStyle, textStyle } from "./layout";

export interface AccountEmailProps {
  site: MailSite;
  kind: AccountMailKind;
  to: string;
  /** The temporary password or the reset link's secret; absent once it is no longer kept. */
  secret: string | undefined;
  /** The institution's sign-in an account was linked to (`sso_linked`). */
  provider?: string | undefined;
}

/** What the admins' mail log shows in place of a secret: it is for the address's owner only. */
export const WITHHELD_SECRET = "(withheld: only the recipient ever sees it)";

export function AccountEmail({ site, kind, to, secret, provider }: AccountEmailProps) {
  if (kind === "sso_linked") {
    const name = provider ?? "your institution's account";
    return (
      <EmailLayout
        site={site}
        preview={`Your Seva account can now be signed in to with ${name}`}
        heading="Your account is linked"
        action={{ label: "Sign in to Seva", href: absoluteLink(site, "/login") }}
      >
        <Text style={textStyle}>
          Someone, hopefully you, signed in to Seva with {name} as {to}. Your Seva account can now be signed
          in to with {name}.
        </Text>
        <Text style={textStyle}>
          If that was not you, tell an administrator at once: whoever signed in can use your account.
        </Text>
      </EmailLayout>
    );
  }
  if (kind === "registration_password") {
    return (
      <EmailLayout
        site={site}
        preview="Your temporary password to sign in to Seva"
        heading="Welcome to Seva!"
        action={{ label: "Sign in to Seva", href: absoluteLink(site, "/login") }}
      >
        <Text style={textStyle}>
          A Seva account has been created for {to}. Sign in with this temporary password:
        </Text>
        <Text style={{ ...quoteStyle, fontFamily: "Menlo, Consolas, monospace", fontSize: 17 }}>
          {secret ?? WITHHELD_SECRET}
        </Text>
        <Text style={textStyle}>Once you are signed in, Seva asks you to choose your own password.</Text>
        <Text style={textStyle}>
          Did not register? Someone may have typed your address by mistake. Nobody can sign in without the
          password above, so you can ignore this e-mail.
        </Text>
      </EmailLayout>
    );
  }
  if (kind === "password_reset") {
    const path = secret ? `/reset-password#token=${secret}` : "/reset-password";
    return (
      <EmailLayout
        site={site}
        preview="Choose a new password for your Seva account"
        heading="Reset your password"
        action={{ label: "Choose a new password", href: absoluteLink(site, path) }}
      >
        <Text style={textStyle}>
          Someone, hopefully you, asked to reset the password of the Seva account for {to}.
        </Text>
        <Text style={textStyle}>
          The button works once, within 30 minutes. Choosing a new password signs out every device.
        </Text>
        <Text style={textStyle}>
          Did not ask? Ignore this e-mail: your password stays as it is and nobody can use this link without
          your inbox.
        </Text>
        {secret ? null : <Text style={textStyle}>The link itself is {WITHHELD_SECRET}.</Text>}
      </EmailLayout>
    );
  }
  return (
    <EmailLayout
      site={site}
      preview="Someone tried to register a new Seva account with your address"
      heading="You already have a Seva account"
      action={{ label: "Reset your password", href: absoluteLink(site, "/forgot-password") }}
    >
      <Text style={textStyle}>
        Someone tried to register a new Seva account with {to}, which already has one, so no account was made.
      </Text>
      <Text style={textStyle}>
        If it was you and you have forgotten your password, reset it with the button below. If it was not you,
        you need do nothing: your account and password are unchanged.
      </Text>
    </EmailLayout>
  );
}

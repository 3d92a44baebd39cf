// The one layout of every e-mail (react-email, ADR 0031): the product and the institution at the top, the
// message, one clear button to the screen it concerns (an absolute link on PUBLIC_URL) and, for a category a
// person may switch off, the line that unsubscribes from it. React escapes every value.
import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { absoluteLink, type MailSite, PRODUCT_NAME } from "../site";

export interface LayoutProps {
  site: MailSite;
  /** The line a mail client shows beside the subject. */
  preview: string;
  heading: string;
  action: { label: string; href: string };
  /** For a category one may switch off: what it is called and the one-click link. Security mail has none. */
  unsubscribe?: { categoryLabel: string; href: string } | undefined;
  /** Without an unsubscribe line: why the message came (security mail says it is always sent). */
  footnote?: string;
  children: React.ReactNode;
}

const colours = { ink: "#1f2937", muted: "#6b7280", brand: "#b45309", line: "#e5e7eb", page: "#f9fafb" };

export function EmailLayout({
  site,
  preview,
  heading,
  action,
  unsubscribe,
  footnote,
  children,
}: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colours.page, fontFamily: "Helvetica, Arial, sans-serif", margin: 0 }}>
        <Container style={{ maxWidth: 560, margin: "0 auto", padding: "24px 16px" }}>
          <Text style={{ fontSize: 14, fontWeight: 700, color: colours.brand, margin: 0 }}>
            {PRODUCT_NAME} · {site.institutionName}
          </Text>
          <Section
            style={{
              backgroundColor: "#ffffff",
              border: `1px solid ${colours.line}`,
              borderRadius: 8,
              padding: "24px",
              marginTop: 12,
            }}
          >
            <Text style={{ fontSize: 20, fontWeight: 700, color: colours.ink, margin: "0 0 12px" }}>
              {heading}
            </Text>
            {children}
            <Button
              href={action.href}
              style={{
                backgroundColor: colours.brand,
                color: "#ffffff",
                borderRadius: 6,
                padding: "12px 20px",
                fontSize: 15,
                fontWeight: 600,
                textDecoration: "none",
                marginTop: 12,
              }}
            >
              {action.label}
            </Button>
          </Section>
          <Hr style={{ borderColor: colours.line, margin: "20px 0 12px" }} />
          <Text style={{ fontSize: 12, color: colours.muted, margin: 0 }}>
            {PRODUCT_NAME}, the volunteering platform of {site.institutionName}. This message was sent
            automatically; replies are not read.
          </Text>
          {unsubscribe ? (
            <Text style={{ fontSize: 12, color: colours.muted, margin: "8px 0 0" }}>
              You receive this because e-mail about “{unsubscribe.categoryLabel}” is on.{" "}
              <Link href={unsubscribe.href} style={{ color: colours.muted, textDecoration: "underline" }}>
                Unsubscribe from these e-mails
              </Link>{" "}
              or choose in{" "}
              <Link href={absoluteLink(site, "/profile")} style={{ color: colours.muted }}>
                Profile → Settings
              </Link>
              .
            </Text>
          ) : (
            <Text style={{ fontSize: 12, color: colours.muted, margin: "8px 0 0" }}>
              {footnote ?? "This is an account security message; it is always sent."}
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}

export const textStyle = { fontSize: 15, lineHeight: "22px", color: colours.ink, margin: "0 0 12px" };
export const figureStyle = { fontSize: 15, lineHeight: "22px", color: colours.ink, margin: "0 0 4px" };
export const quoteStyle = {
  fontSize: 15,
  lineHeight: "22px",
  color: colours.ink,
  margin: "0 0 12px",
  padding: "8px 12px",
  borderLeft: `3px solid ${colours.line}`,
};

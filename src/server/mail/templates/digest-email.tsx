// The admin digest: one e-mail listing what waits for review (the scheduler sends it daily at 08:00 when
// something waits, to the admins who chose the digest). Each item links to its screen.
import { Link, Section, Text } from "@react-email/components";
import { absoluteLink, digestSubject, type MailSite } from "../site";
import { EmailLayout, figureStyle, textStyle } from "./layout";

export interface DigestItem {
  title: string;
  body: string;
  link: string;
}

export interface DigestEmailProps {
  site: MailSite;
  items: readonly DigestItem[];
  unsubscribe?: { categoryLabel: string; href: string } | undefined;
}

export function DigestEmail({ site, items, unsubscribe }: DigestEmailProps) {
  return (
    <EmailLayout
      site={site}
      preview={digestSubject(items.length)}
      heading={digestSubject(items.length)}
      action={{ label: "Open the admin dashboard", href: absoluteLink(site, "/admin") }}
      unsubscribe={unsubscribe}
    >
      <Text style={textStyle}>Since the last digest:</Text>
      <Section>
        {items.map((item) => (
          <Text key={`${item.link} ${item.title} ${item.body}`} style={figureStyle}>
            <Link href={absoluteLink(site, item.link)}>{item.title}</Link>: {item.body}
          </Text>
        ))}
      </Section>
    </EmailLayout>
  );
}

import { paths } from "@client/lib/paths";
import { AtSign, Briefcase, Camera, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { BrandLink } from "./brand-link";

const quickLinks = [
  { label: "Opportunities", to: paths.opportunities },
  { label: "Leaderboard", to: paths.leaderboard },
  { label: "Profile", to: paths.profile },
];

// Pages and channels that do not exist yet: shown as plain text, never as links to nowhere.
const supportPlaceholders = ["Contact", "Privacy Policy", "Terms of Service"];
const socialPlaceholders: Array<{ network: string; icon: LucideIcon }> = [
  { network: "Instagram", icon: Camera },
  { network: "LinkedIn", icon: Briefcase },
  { network: "X (Twitter)", icon: AtSign },
];

const headingClasses = "font-semibold text-sm text-white uppercase tracking-wider";

export function SiteFooter() {
  return (
    <footer className="focus-ring-light mt-10 bg-indigo-950 text-indigo-100 sm:mt-16">
      {/* The two lists side by side on phones too: the footer is then a third shorter there. */}
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-8 sm:gap-10 sm:px-6 sm:py-12 lg:grid-cols-4">
        <div className="col-span-2 grid content-start gap-3">
          <BrandLink tone="light" />
          <p className="max-w-sm text-indigo-200 text-sm">
            Volunteer opportunities for the campus community: find a cause, give your time, and see the
            difference it makes.
          </p>
          <ul className="flex gap-2" aria-label="Social networks (coming soon)">
            {socialPlaceholders.map(({ network, icon: Icon }) => (
              <li key={network}>
                <span
                  role="img"
                  aria-label={`${network} (coming soon)`}
                  title={`${network} (coming soon)`}
                  className="flex size-9 items-center justify-center rounded-full bg-white/10 text-indigo-100"
                >
                  <Icon aria-hidden className="size-4" />
                </span>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Quick links" className="grid content-start gap-3">
          <h2 className={headingClasses}>Quick Links</h2>
          <ul className="grid gap-2 text-sm">
            {quickLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className="rounded text-indigo-100 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid content-start gap-3">
          <h2 className={headingClasses}>Support</h2>
          <ul className="grid gap-2 text-indigo-200 text-sm" aria-describedby="support-coming-soon">
            {supportPlaceholders.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
          <p
            id="support-coming-soon"
            className="w-fit rounded-full bg-white/10 px-2.5 py-0.5 text-indigo-100 text-xs"
          >
            Coming soon
          </p>
        </div>
      </div>
      <div className="border-white/10 border-t">
        <p className="mx-auto max-w-6xl px-4 py-5 text-indigo-200 text-xs sm:px-6">
          © 2024 Seva. Built by student developers together with the Social Impact Cell, IIM Bangalore.
        </p>
      </div>
    </footer>
  );
}

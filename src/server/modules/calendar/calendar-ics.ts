// Opportunities as iCalendar text (RFC 5545), made by ical-generator (ADR 0036): one event per dated opportunity,
// with a UID that stays the same for as long as the opportunity exists, so a calendar that imports it twice, or
// reads it again from a feed, updates the event instead of adding a second one.
import { absoluteLink, type MailSite, PRODUCT_NAME } from "@server/mail/site";
import { eventEnd } from "@shared/domain/event-dates";
import ical, { type ICalCalendar } from "ical-generator";
import { notificationLinks } from "../notifications/events";

/** What an event needs of an opportunity. */
export interface DatedOpportunity {
  id: number;
  title: string;
  shortDescription: string;
  location: string | null;
  startsAt: string;
  endsAt: string | null;
  updatedAt: string;
}

/** How often a calendar app should read the feed again. */
const FEED_REFRESH_SECONDS = 60 * 60;

export function eventUid(site: MailSite, opportunityId: number): string {
  return `opportunity-${opportunityId}@${new URL(site.publicUrl).hostname}`;
}

function newCalendar(site: MailSite, name?: string): ICalCalendar {
  return ical({
    prodId: { company: new URL(site.publicUrl).hostname, product: PRODUCT_NAME, language: "EN" },
    ...(name ? { name, ttl: FEED_REFRESH_SECONDS } : {}),
  });
}

function addEvent(calendar: ICalCalendar, site: MailSite, opportunity: DatedOpportunity): void {
  const link = absoluteLink(site, notificationLinks.opportunity(opportunity.id));
  calendar.createEvent({
    id: eventUid(site, opportunity.id),
    start: new Date(opportunity.startsAt),
    end: eventEnd(opportunity.startsAt, opportunity.endsAt),
    // The last change, so the same file made twice is the same text, and calendars see edits as newer.
    stamp: new Date(opportunity.updatedAt),
    summary: opportunity.title,
    description: `${opportunity.shortDescription}\n\n${link}`,
    location: opportunity.location,
    url: link,
  });
}

/** The .ics file of one opportunity ('Add to calendar'). */
export function opportunityCalendar(site: MailSite, opportunity: DatedOpportunity): string {
  const calendar = newCalendar(site);
  addEvent(calendar, site, opportunity);
  return calendar.toString();
}

/** A student's feed: 'Seva · <institution>', read again every hour by the apps that honour the hint. */
export function feedCalendar(site: MailSite, opportunities: readonly DatedOpportunity[]): string {
  const calendar = newCalendar(site, `${PRODUCT_NAME} · ${site.institutionName}`);
  for (const opportunity of opportunities) addEvent(calendar, site, opportunity);
  return calendar.toString();
}

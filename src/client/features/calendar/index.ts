// The calendar feature's public face: 'Add to Calendar' and the Profile's feed block. Its hooks are in api.ts.
export { AddToCalendar } from "./add-to-calendar";
export { CalendarFeedSettings } from "./calendar-feed-settings";

// The notifications feature's public face: the navigation bar's bell, the live connection, the celebration and
// the list item the notifications page lays out. Its hooks are in api.ts.
export { Celebration } from "./celebration";
export { NotificationBell } from "./notification-bell";
export { NotificationItem } from "./notification-item";
export { useLiveNotifications } from "./use-live-notifications";

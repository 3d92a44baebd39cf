// The mail feature's public face: what screens may use. Its hooks are in api.ts.
export { NotificationSettings } from "./notification-settings";

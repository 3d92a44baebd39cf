// The timeline feature's public face: what screens and other features may use. Its hook is in api.ts.
export { ApplicationTimeline, TimelineSteps } from "./application-timeline";
export { TimelineButton } from "./timeline-dialog";
export { coinsText, describeEvent, formatIndiaDateTime, hoursText } from "./timeline-sentence";

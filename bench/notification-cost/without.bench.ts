// The same decisions with notify() replaced by a no-op: the services, their transactions and the events' own
// reads (the student's balance for the message, say) run unchanged; only the notification and e-mail rows go.
import { vi } from "vitest";
import { decisionBenches } from "./decisions";

vi.mock("@server/modules/notifications/notify", () => ({ notify: async () => 0 }));

decisionBenches("without notifications");

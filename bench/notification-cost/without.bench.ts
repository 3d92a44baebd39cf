// The same decisions with notify() replaced by a no-op: the services, their transactions and the events' own
// reads (the student's balance for the message, say) run unchanged; only the notification and e-mail rows go.
import { vi } from "vitest";
import { decisionBenches } from "./decisions";

// Only notify() goes: the module's other exports (account mail) stay as they are.
vi.mock("@server/modules/notifications/notify", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@server/modules/notifications/notify")>()),
  notify: async () => 0,
}));

decisionBenches("without notifications");

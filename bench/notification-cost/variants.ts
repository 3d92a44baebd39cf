// What bench/notification-cost/ and its runner (bench/notification-cost.ts) share, apart from the benches
// themselves so that the runner does not load vitest.

export type Variant = "with notifications" | "without notifications";

/** Decisions run at once in the concurrent groups (PostgreSQL only: PGlite has one connection). */
export const CONCURRENCY = 10;

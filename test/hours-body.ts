// A valid hours submission for tests, benches and browser set-ups: served today (the school's day, as the server
// checks it), described. Self-contained, so Playwright and the benches import it without path aliases.

export function hoursBody(hours: unknown, extra: Record<string, unknown> = {}) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  return {
    hours,
    servedFrom: today,
    servedTo: today,
    description: "Ran two small-group sessions and marked the worksheets afterwards.",
    ...extra,
  };
}

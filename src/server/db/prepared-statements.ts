// Named prepared statements for what a connection repeats (ADR 0050). drizzle sends every statement unnamed, so
// PostgreSQL parses, analyses and plans it again each time: a decision's dozen statements spent about a fifth of
// the database's CPU on that (pg_stat_statements' plan time, bench/README.md). A statement sent under a name is
// parsed once per connection, and after five executions PostgreSQL keeps its generic plan when that plan is no
// worse than a custom one (plan_cache_mode), so a repeated statement skips both.
//
// Each pooled connection names the parameterised statements it is given, up to a bound: the names live as long
// as the connection and hold memory in its backend, and a query text that varies (an IN list of another length)
// is another statement. Past the bound, new texts go unnamed as before. Statements named by their caller (those
// planned once, built-once.ts) count towards the same bound. Statements without parameters (BEGIN,
// COMMIT, the migrations' multi-statement scripts) are never named: the simple protocol they use has no names.
import type pg from "pg";

/** The most statements one connection keeps prepared. */
export const MAX_PREPARED_PER_CONNECTION = 200;

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/** The text of an unnamed statement with parameters: `query(text, values)` or, as drizzle gives it, `query(config, values)`. */
function unnamedWithParameters(config: unknown, values: unknown): string | undefined {
  const asConfig: QueryConfig =
    typeof config === "string"
      ? { text: config }
      : typeof config === "object" && config !== null
        ? config
        : {};
  const parameters = values ?? asConfig.values;
  return typeof asConfig.text === "string" &&
    asConfig.name === undefined &&
    Array.isArray(parameters) &&
    parameters.length > 0
    ? asConfig.text
    : undefined;
}

/** Makes `client` send the parameterised statements it repeats as named prepared statements. */
export function prepareRepeatedStatements(client: pg.ClientBase): void {
  const names = new Map<string, string>();
  const chosen = new Set<string>();
  const held = () => names.size + chosen.size;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]): unknown => {
    const [config, values] = args;
    const given = typeof config === "object" && config !== null ? (config as QueryConfig).name : undefined;
    if (typeof given === "string") {
      // A name the caller chose holds memory the same way: a statement planned once is named by its text
      // (built-once.ts), and texts with a caller's page size written in are as many as the sizes asked. It counts
      // towards the bound, and past it the statement runs unnamed, planned each time.
      if (!chosen.has(given)) {
        if (held() < MAX_PREPARED_PER_CONNECTION) chosen.add(given);
        else args[0] = { ...(config as object), name: undefined };
      }
      return query(...args);
    }
    const text = unnamedWithParameters(config, values);
    if (text !== undefined) {
      let name = names.get(text);
      if (name === undefined && held() < MAX_PREPARED_PER_CONNECTION) {
        name = `seva_${names.size + 1}`;
        names.set(text, name);
      }
      if (name !== undefined)
        args[0] = typeof config === "string" ? { text, name } : { ...(config as object), name };
    }
    return query(...args);
  };
  client.query = named as typeof client.query;
}

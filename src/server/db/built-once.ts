// Statements built once (ADR 0051). drizzle builds a statement's text from its builder on every execution: it
// walks the SQL chunks, names and orders the selected columns, checks each chunk's kind (`is()`), and on a write
// that was a third of the server's own CPU, more than anything else it does. The writes' hot statements are
// built once, with placeholders (`sql.placeholder`) for everything that varies, and each execution only fills the
// values in and runs the same text on whichever connection or transaction it is given, through that session's
// own `prepareQuery` (the one drizzle's builders call), so results are mapped as before on both engines and the
// pool still names the repeated text on each connection (prepared-statements.ts).
//
// Nothing that changes between executions may be written into a built statement as a value: a `new Date()` or a
// user's id there would be frozen into the text's parameters. Such values are placeholders.
import { createHash } from "node:crypto";
import type { Query, SQL } from "drizzle-orm";
import {
  PgDialect,
  type PgPreparedQuery,
  type PgSession,
  type PreparedQueryConfig,
} from "drizzle-orm/pg-core";
import type { Executor } from "./client";

type Values = Record<string, unknown>;

/**
 * A data-modifying statement that rides in another statement's round trip as one of its CTEs (ADR 0066): its SQL,
 * whose placeholders are named apart from the host's, their values, and a key naming its shape, unique among
 * companions (the host's text differs with it, so each combination is built and planned once; `runAlone` keeps
 * one statement per key).
 */
export interface Companion {
  key: string;
  statement: SQL;
  values: Values;
}

/** A builder drizzle can prepare: a select, insert, update or delete. */
interface Preparable<T> {
  prepare(name: string): PgPreparedQuery<PreparedQueryConfig & { execute: T }>;
}

/** What a prepared query keeps of its builder besides its text: how to map the rows it returns. */
interface Mapping {
  fields?: Parameters<PgSession["prepareQuery"]>[1];
  customResultMapper?: Parameters<PgSession["prepareQuery"]>[4];
  joinsNotNullableMap?: Record<string, boolean>;
}

interface Built {
  query: Query;
  mapping: Mapping;
  arrayMode: boolean;
  /** The text's name, once worked out (a statement built once without parameters runs under it every time). */
  name?: string;
}

/** The name a statement without parameters runs under: its text's, so each connection prepares it once. */
function nameOfText(text: string): string {
  return `seva_once_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
}

function run<T>(executor: Executor, built: Built, values: Values): Promise<T> {
  const { query, mapping, arrayMode } = built;
  // A statement without parameters is the same text every time: under its text's name PostgreSQL plans it once
  // per connection (executePlannedOnce); unnamed, it would be planned on every run.
  if (query.params.length === 0) built.name ??= nameOfText(query.sql);
  const { name } = built;
  const prepared = executor._.session.prepareQuery(
    query,
    mapping.fields,
    name,
    arrayMode,
    mapping.customResultMapper,
  ) as unknown as Mapping & { execute(values: Values): Promise<T> };
  prepared.joinsNotNullableMap = mapping.joinsNotNullableMap;
  return prepared.execute(values);
}

/**
 * A select, insert, update or delete built once by `build` (on the first executor that runs it), then run with
 * `values` for its placeholders on any executor: its rows come back as the builder's would.
 */
export function builtOnce<T, V extends object = Values>(
  build: (db: Executor) => Preparable<T>,
): (executor: Executor, values: V) => Promise<T> {
  let built: Built | undefined;
  return (executor, values) => {
    if (!built) {
      const prepared = build(executor).prepare("built_once") as unknown as Mapping & { getQuery(): Query };
      built = {
        query: prepared.getQuery(),
        mapping: {
          fields: prepared.fields,
          customResultMapper: prepared.customResultMapper,
          joinsNotNullableMap: prepared.joinsNotNullableMap,
        },
        arrayMode: true,
      };
    }
    return run<T>(executor, built, values as Values);
  };
}

const dialect = new PgDialect();

/**
 * A raw statement (`sql`…``, or made by `build` on the first executor that runs it) built once, run as
 * `db.execute` runs one: the driver's result, rows as objects.
 */
export function builtOnceSql<V extends object = Values>(
  statement: SQL | ((db: Executor) => SQL),
): (executor: Executor, values: V) => Promise<unknown> {
  let built: Built | undefined;
  return (executor, values) => {
    built ??= {
      query: dialect.sqlToQuery(typeof statement === "function" ? statement(executor) : statement),
      mapping: {},
      arrayMode: false,
    };
    return run(executor, built, values as Values);
  };
}

/**
 * `builtOnceSql` for each shape of a statement whose text depends on a few choices (how many values a filter
 * takes, which literal it names): a shape's statement is built on its first use and kept under `keyOf(shape)`,
 * so each text is built once and PostgreSQL names and plans it once per connection.
 */
export function builtOncePerShape<S, V extends object = Values>(
  keyOf: (shape: S) => string,
  statementOf: (shape: S) => SQL,
): (shape: S) => (executor: Executor, values: V) => Promise<unknown> {
  const built = new Map<string, (executor: Executor, values: V) => Promise<unknown>>();
  return (shape) => {
    const key = keyOf(shape);
    let run = built.get(key);
    if (!run) {
      run = builtOnceSql<V>(statementOf(shape));
      built.set(key, run);
    }
    return run;
  };
}

/**
 * `db.execute` for a statement with its values written into its text (`textLiteral`, `pageBounds` in
 * lib/sql.ts): run under its text's name, PostgreSQL plans it once per connection and keeps the plan. With its
 * values as parameters a leaderboard's page was planned again on every execution (each value's own plan was
 * estimated cheaper than the generic one, so the generic plan was never kept), and planning cost as much as the
 * run (0.75 ms planned against 0.64 ms run, docs/performance.md tenth pass). Only for values from a short list or
 * that change rarely (a timeframe, a period's first day, a page size): each text is one more statement kept by
 * every connection that runs it. A statement that still has parameters (a later page's offset) runs as
 * `db.execute` runs it. On PGlite the name is not used.
 */
export async function executePlannedOnce(executor: Executor, statement: SQL): Promise<unknown> {
  return run(executor, { query: dialect.sqlToQuery(statement), mapping: {}, arrayMode: false }, {});
}

const companionsAlone = builtOncePerShape(
  (companion: Companion) => companion.key,
  (companion) => companion.statement,
);

/** Runs a companion as a statement of its own, where no host statement carries it: the driver's result. */
export function runAlone(executor: Executor, companion: Companion): Promise<unknown> {
  return companionsAlone(companion)(executor, companion.values);
}

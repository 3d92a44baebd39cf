// A big answer whose JSON PostgreSQL builds itself (json_build_object, json_agg): Node receives text and sends it,
// instead of parsing every row, mapping it, checking it against the contract and stringifying it again. On a cache
// miss that per-row work was most of a long list's cost (docs/decisions/0052). The statement names every field it
// sends, so nothing leaves that the contract does not list; outside production every such body is also checked
// against the contract (`assertMatchesContract`), so the tests fail when the SQL and the schema part.

import { isDeepStrictEqual } from "node:util";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { rowsOf } from "./sql";

/** JSON text built by the database in the shape of an endpoint's response. */
export class DatabaseJson {
  constructor(readonly text: string) {}
}

/**
 * Throws unless `text` is exactly what the contract would send for the same value: every field of the schema,
 * of its type, and none besides (the schema's encode drops unknown fields, so an extra one makes them differ).
 */
export function assertMatchesContract(schema: z.ZodType, text: string): void {
  const sent: unknown = JSON.parse(text);
  const encoded: unknown = JSON.parse(JSON.stringify(schema.encode(sent)));
  if (!isDeepStrictEqual(sent, encoded)) {
    throw new Error(`A body built by the database does not match its contract: ${text.slice(0, 300)}`);
  }
}

/**
 * A timestamp as JSON text the way `toIso` (lib/sql.ts) writes it, Date.toISOString's form: UTC, milliseconds,
 * 'Z'. (A timestamptz converted by json_build_object would carry the session's offset and microseconds.)
 */
export const isoText = (timestamp: SQL) =>
  sql`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `'key', value` pairs for json_build_object from a record of table columns, keyed as the record is (the same
 * names drizzle gives the row in Node), timestamps written as `toIso` writes them. A column added to the record
 * is in the JSON at once, as it would be in a row mapped in Node. With `relation`, the columns are read from that
 * subquery (which selects them under their own names) instead of from their table.
 */
export function jsonFieldsOf(columns: Record<string, AnyColumn>, relation?: string): SQL {
  return sql.join(
    Object.entries(columns).map(([key, column]) => {
      const read = relation
        ? sql`${sql.identifier(relation)}.${sql.identifier(column.name)}`
        : sql`${column}`;
      const value = column.columnType === "PgTimestamp" ? isoText(read) : read;
      return sql`${sql.raw(`'${key}'`)}, ${value}`;
    }),
    sql`, `,
  );
}

/**
 * A statement answering a page of JSON items one row each, in order, beside a value computed once (the page's
 * total): `items` selects each item's JSON text as `item` and its place as `position`, and may select more columns
 * for `itemsOf`'s `finish`. A long page aggregated into one JSON text by the database grew buffers past glibc's
 * 128 KB threshold, and the backend got fresh memory from the kernel for them on every request, a page fault per
 * 4 KB (60–160 a request): that cost more than building the JSON (docs/performance.md, sixteenth pass). Row by
 * row, each buffer stays small. Read with `itemsOf`.
 */
export function itemRows(items: SQL, once: SQL = sql`null`): SQL {
  return sql`select ${once} as once, items.* from (select 1) as one
    left join lateral (${items}) as items on true
    order by items.position`;
}

/** A row of an `itemRows` statement: the item's JSON, and any other column its items select. */
type ItemRow<Extra> = { once: unknown; item: string | null } & Extra;

/**
 * The JSON array of an `itemRows` statement's items, and its value computed once. `finish` completes each item's
 * JSON from the other columns of its row, when Node adds a field the database cannot know (the feed's counts).
 */
export function itemsOf<Extra extends Record<string, unknown> = Record<string, never>>(
  result: unknown,
  finish: (item: string, row: Extra) => string = (item) => item,
): { items: DatabaseJson; once: unknown } {
  const rows = rowsOf<ItemRow<Extra>>(result);
  const items = rows.flatMap((row) => (row.item === null ? [] : [finish(row.item, row)]));
  return { items: new DatabaseJson(`[${items.join(",")}]`), once: rows[0]?.once ?? null };
}

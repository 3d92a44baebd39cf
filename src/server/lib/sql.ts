import { isCompletedStatus } from "@shared/domain/application-status";
import { APPLICATION_STATUSES } from "@shared/domain/enums";
import { type SQL, sql } from "drizzle-orm";

/** A LIKE pattern that matches `text` literally anywhere (%, _ and \ escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** `count(*)` as a JavaScript number (PostgreSQL returns bigint as text). */
export const countAll = () => sql<number>`count(*)::int`;

/** The statuses that count as completed work (docs/product-rules.md §3), as an SQL list: `status in ${…}`. */
export const COMPLETED_STATUSES = sql.raw(
  `(${APPLICATION_STATUSES.filter(isCompletedStatus)
    .map((status) => `'${status}'`)
    .join(", ")})`,
);

export function toIso(value: Date | string): string;
export function toIso(value: Date | string | null): string | null;
export function toIso(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** The rows of a raw `db.execute` on either driver (both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * A value written into a statement's text rather than sent beside it, for a statement planned once per text
 * (db/built-once.ts `executePlannedOnce`). Only whole numbers and plain words or dates (letters, digits, '-' and '_'):
 * nothing that could end the literal or change the statement; anything else is refused before it becomes SQL.
 */
export function textLiteral(value: string | number): SQL {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
    return sql.raw(String(value));
  }
  if (!/^[A-Za-z0-9_-]+$/.test(value)) throw new Error(`not a plain word: ${JSON.stringify(value)}`);
  return sql.raw(`'${value}'`);
}

/**
 * An instant written into a statement's text as a timestamptz, for the same statements as `textLiteral`. The text
 * comes from `Date.prototype.toISOString`, whose form is fixed; an invalid date is refused.
 */
export function instantLiteral(instant: Date): SQL {
  const text = instant.toISOString();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(text)) throw new Error(`not an instant: ${text}`);
  return sql.raw(`'${text}'::timestamptz`);
}

/**
 * A page's LIMIT and OFFSET. The first page's are written into the text (`textLiteral`), so a list asked without
 * a search is one text PostgreSQL plans once per connection (db/built-once.ts `executePlannedOnce`); a later page's
 * offset is a parameter, as offsets are many and each text is one more statement kept by every connection.
 */
export function pageBounds(page: { limit: number; offset: number }): SQL {
  return page.offset === 0
    ? sql`limit ${textLiteral(page.limit)}`
    : sql`limit ${textLiteral(page.limit)} offset ${page.offset}`;
}

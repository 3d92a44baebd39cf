// Hostile requests for the property tests of test/hostile-input.test.ts: arbitraries for path parameters, query
// strings and bodies built from an endpoint's contract, and a fingerprint of every application table.

import type { Database } from "@server/db/client";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { z } from "zod";
import { TEST_PASSWORD } from "./app";

/** Tables whose existing ids a generated request may point at. */
export const ID_TABLES = [
  "opportunities",
  "applications",
  "users",
  "hour_submissions",
  "mail_outbox",
] as const;
export type IdTable = (typeof ID_TABLES)[number];

/** Placeholder for "an id that exists when the request is sent", resolved against the database of the moment. */
export class ExistingId {
  constructor(
    /** Undefined: the table the parameter's name implies. */
    readonly table: IdTable | undefined,
    readonly pick: number,
  ) {}
}

/**
 * A supervisor's verification link (ADR 0038) for an existing hour submission, signed when the request is sent:
 * valid, or past its 14 days.
 */
export class VerificationLink {
  constructor(
    readonly pick: number,
    readonly expired: boolean,
  ) {}
}

/** A JSON token written into a body as is (numbers JSON.stringify cannot write, or not JSON at all). */
export class RawToken {
  constructor(readonly text: string) {}
}

/** Text a form field or a URL may carry to break a parser, a query, a renderer or a length limit. */
export const HOSTILE_TEXT: readonly string[] = [
  "",
  " ",
  "\t\r\n",
  "0",
  "-1",
  "1.5",
  "1e309",
  "9999999999999999999",
  "NaN",
  "Infinity",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "'; drop table users;--",
  "' or '1'='1",
  "1; select pg_sleep(5)--",
  "\\",
  '"',
  "%",
  "_",
  "%_%",
  "$1",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "<svg/onload=alert(1)>",
  '"><iframe src="javascript:alert(1)"></iframe>',
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "file:///etc/passwd",
  "//evil.example/x.png",
  "{{constructor.constructor('alert(1)')()}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, literal on purpose
  "${7*7}",
  "\u0000",
  "a\u0000b",
  "\u202eevil",
  "\ufeff",
  "\u200b",
  "\ud800",
  "\udfff",
  "𝕊𝕖𝕧𝕒",
  "👩🏽‍🚀",
  "A\u0308",
  "İı",
  "١٢٣",
  "１２３",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "x".repeat(201),
  "y".repeat(2_001),
  "z".repeat(10_001),
  "é".repeat(3_000),
  "📧".repeat(1_500),
  "admin@iimb.ac.in",
  " ADMIN@IIMB.AC.IN ",
  "a@b",
  "@iimb.ac.in",
  "x@iimb.ac.in.evil.example",
  "x@evil.example@iimb.ac.in",
];

/** Numbers at and past every bound the contract sets, and values JSON gives to JavaScript imprecisely. */
const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  1.5,
  -0.5,
  0.1,
  199.5,
  200,
  201,
  1000,
  1001,
  10_000.5,
  100_000,
  100_001,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  -1e21,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

/** JSON number tokens JSON.stringify cannot produce, and tokens that are not JSON at all. */
const RAW_NUMBER_TOKENS: readonly string[] = [
  "1e309",
  "-1e309",
  "1E400",
  "9999999999999999999",
  "-9999999999999999999",
  "1.0",
  "1e0",
  "0.0000001",
  "00",
  "01",
  "+1",
  ".5",
  "NaN",
  "Infinity",
  "0x10",
  "1_000",
];

export const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 150, maxLength: 260 }) },
);

export const hostileNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBER_TOKENS).map((token) => new RawToken(token)) },
);

/** Any value a hostile client could put where one field is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [null], { "": "" }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      { __proto__: null, role: "admin" },
      JSON.parse('{"__proto__":{"role":"admin"}}'),
      { constructor: { prototype: { role: "admin" } } },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(new RawToken(`${"[".repeat(5_000)}1${"]".repeat(5_000)}`)) },
);

/** The definition of a zod 4 schema, read only to find the values it accepts. */
interface ZodDefinition {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}
const definitionOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDefinition } })._zod.def;

/** Values that are plausibly valid for one field: enum members, literals, and ordinary text or numbers. */
export function plausibleValue(
  name: string,
  schema: z.ZodType,
  emails: readonly string[],
): fc.Arbitrary<unknown> {
  if (/id$/i.test(name)) return existingId;
  const definition = definitionOf(schema);
  switch (definition.type) {
    case "enum":
      return fc.constantFrom(...Object.values(definition.entries ?? {}));
    case "literal":
      return fc.constantFrom(...(definition.values ?? [null]));
    case "boolean":
      return fc.boolean();
    case "number":
      return fc.oneof(fc.integer({ min: 1, max: 200 }), fc.constantFrom(0.5, 2.5, 40, 100));
    case "array":
      return definition.element
        ? fc.array(plausibleValue(name, definition.element, emails), { maxLength: 3 })
        : fc.constant([]);
    case "null":
      return fc.constant(null);
    case "union": {
      // Where a number is one of the options, a string option means a numeric string.
      const options = definition.options ?? [];
      const numeric = options.some((option) => definitionOf(option).type === "number");
      return fc.oneof(
        ...options.map((option) =>
          numeric && definitionOf(option).type === "string"
            ? fc.integer({ min: 1, max: 200 }).map(String)
            : plausibleValue(name, option, emails),
        ),
      );
    }
    case "nullable":
      return fc.oneof(fc.constant(null), plausibleValue(name, definition.innerType as z.ZodType, emails));
    case "optional":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return plausibleValue(name, definition.innerType as z.ZodType, emails);
    case "pipe":
      return plausibleValue(name, definition.in as z.ZodType, emails);
    case "string":
      return plausibleText(name, emails);
    default:
      return hostileValue;
  }
}

/** Markup and script that an API accepting free text stores; the client must show it as text. */
export const MARKUP_TEXT: readonly string[] = [
  "<script>alert('seva')</script>",
  "<img src=x onerror=alert(1)>",
  "<b onmouseover=alert(1)>bold</b>",
  '"><svg onload=alert(1)>',
  "</textarea><iframe srcdoc='<script>alert(1)</script>'>",
];

function plausibleText(name: string, emails: readonly string[]): fc.Arbitrary<unknown> {
  if (/email/i.test(name)) {
    return fc.oneof(
      fc.constantFrom(...emails),
      fc.stringMatching(/^[a-z]{1,12}$/).map((local) => `${local}@iimb.ac.in`),
    );
  }
  if (/password/i.test(name)) return fc.constantFrom(TEST_PASSWORD, "another-long-password", "short");
  if (/url/i.test(name))
    return fc.constantFrom("https://example.org/picture.png", "http://example.org/a.jpg");
  if (/phone/i.test(name)) return fc.constantFrom("+91 80 2699 3000", "080-26993000");
  if (name === "token") {
    // Signed links that reach the supervision endpoints' decisions, and forgeries of the same shape.
    return fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .tuple(fc.nat(), fc.boolean())
          .map(([pick, expired]) => new VerificationLink(pick, expired)),
      },
      { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{1,3}\.[0-9]{10}\.[A-Za-z0-9_-]{43}$/) },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
    );
  }
  return fc.oneof(
    fc.constantFrom(...MARKUP_TEXT),
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }),
  );
}

/** Mostly an id of the table the field's name implies; now and then one of another table. */
const existingId = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom(...ID_TABLES) },
    ),
    fc.nat(),
  )
  .map(([table, pick]) => new ExistingId(table, pick));

/** Object keys a client should never be able to use to reach past validation. */
const HOSTILE_KEYS: readonly string[] = [
  "role",
  "id",
  "userId",
  "createdBy",
  "coins",
  "passwordHash",
  "status",
  "",
  " ",
  "__proto__",
  "constructor",
  "a.b",
  "a[b]",
  "\u0000",
  "𝕊",
];

export type Entry = readonly [key: string, value: unknown];

export type BodySpec =
  /** Key/value pairs written as a JSON object; keys may repeat. */
  | { kind: "entries"; entries: Entry[]; contentType: string | undefined }
  /** Any JSON value, or any text, sent as is. */
  | { kind: "value"; value: unknown; contentType: string | undefined }
  | { kind: "raw"; text: string; contentType: string | undefined }
  | { kind: "none" };

const CONTENT_TYPES: readonly (string | undefined)[] = [
  "application/json; charset=utf-8",
  "application/JSON",
  "application/json; charset=latin1",
  "application/json;;",
  "application/vnd.api+json",
  "text/plain",
  "text/html",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  undefined,
];

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
);

const MALFORMED_JSON: readonly string[] = [
  "",
  " ",
  "{",
  "}",
  "[",
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  "{a:1}",
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '{"a":"\\u00"}',
  '{"a":"\\ud800"}',
  '{"a":"line\nbreak"}',
  '{"a":undefined}',
  '{"a":NaN}',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{"a":1,"a":2,"a":3}',
  "null",
  "true",
  "0",
  '"text"',
  "[1,2,3]",
  "\ufeff{}",
  "\u0000",
  "{\u0000}",
  "[".repeat(60_000),
  `${"[".repeat(30_000)}${"]".repeat(30_000)}`,
  `{"a":"${"x".repeat(70_000)}"}`,
  "%7B%7D",
  "<xml/>",
];

/** Bodies built from the body schema's fields (when it has fields), raw JSON, malformed text, or nothing. */
export function bodyArbitrary(
  schema: z.ZodType | undefined,
  emails: readonly string[],
): fc.Arbitrary<BodySpec> {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  const fields = Object.entries(shape);
  // A plausible body with up to three fields mutated: replaced by a hostile value, left out, or sent twice (JSON.parse
  // keeps the last of a repeated key, so either the hostile or the plausible value wins).
  const mutation = fc.oneof(
    { weight: 4, arbitrary: hostileValue.map((value) => ({ kind: "replace" as const, value })) },
    { weight: 1, arbitrary: fc.constant({ kind: "omit" as const }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(hostileValue, fc.boolean())
        .map(([value, hostileLast]) => ({ kind: "duplicate" as const, value, hostileLast })),
    },
  );
  const extraEntries = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 12 })), hostileValue),
    { maxLength: 2 },
  );
  const shaped = fc
    .tuple(
      fc.tuple(...fields.map(([name, field]) => plausibleValue(name, field, emails))),
      fc.oneof(
        { weight: 2, arbitrary: fc.constant([]) },
        {
          weight: 3,
          arbitrary: fc.array(fc.tuple(fc.nat({ max: Math.max(fields.length - 1, 0) }), mutation), {
            minLength: 1,
            maxLength: 3,
          }),
        },
      ),
      fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: extraEntries }),
      contentType,
    )
    .map(([plausible, mutations, extra, type]): BodySpec => {
      const entries: Entry[] = [];
      fields.forEach(([name], index) => {
        const value = plausible[index];
        const change = mutations.find(([target]) => target === index)?.[1];
        if (!change) entries.push([name, value]);
        else if (change.kind === "replace") entries.push([name, change.value]);
        else if (change.kind === "duplicate") {
          entries.push(
            ...(change.hostileLast
              ? [[name, value] as Entry, [name, change.value] as Entry]
              : [[name, change.value] as Entry, [name, value] as Entry]),
          );
        }
      });
      return { kind: "entries", entries: [...entries, ...extra], contentType: type };
    });
  return fc.oneof(
    { weight: fields.length > 0 ? 12 : 0, arbitrary: shaped },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostileValue), contentType)
        .map(([value, type]): BodySpec => ({ kind: "value", value, contentType: type })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(fc.constantFrom(...MALFORMED_JSON), fc.string({ unit: "binary", maxLength: 30 })),
          contentType,
        )
        .map(([text, type]): BodySpec => ({ kind: "raw", text, contentType: type })),
    },
    { weight: 1, arbitrary: fc.constant<BodySpec>({ kind: "none" }) },
    // Past the 64 KB body limit, with a field the schema knows when it has one.
    {
      weight: 1,
      arbitrary: fc.constantFrom(...fields.map(([name]) => name), "padding").map(
        (name): BodySpec => ({
          kind: "entries",
          entries: [[name, "x".repeat(70_000)]],
          contentType: "application/json",
        }),
      ),
    },
  );
}

/**
 * Percent-encodes text for a URL. A lone surrogate, which encodeURIComponent refuses, goes out as the three bytes
 * of its code unit: invalid UTF-8 that the server must decode or refuse.
 */
export function encodeText(text: string): string {
  return [...text]
    .map((character) => {
      const unit = character.charCodeAt(0);
      if (character.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(character);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    })
    .join("");
}

/** A path segment as it appears in the URL: an existing id, or an encoded or deliberately malformed segment. */
export type PathValue = ExistingId | string;

const RAW_SEGMENTS: readonly string[] = [
  "-1",
  "0",
  "00001",
  "1.5",
  "1e3",
  "1e309",
  "9999999999999999999",
  "2147483648",
  "-2147483649",
  "0x10",
  "1_0",
  "+1",
  "NaN",
  "Infinity",
  "true",
  "null",
  "%00",
  "1%00",
  "%201",
  "1%20",
  "%27%3B%20drop%20table%20users%3B--",
  "1%20or%201%3D1",
  "%EF%BC%91",
  "%D9%A1",
  "%F0%9F%92%A5",
  "%C0%AF",
  "%FF",
  "%",
  "%ZZ",
  "%2e%2e",
  "%2F",
  "..",
  "__proto__",
  "constructor",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "a".repeat(5_000),
  "9".repeat(400),
];

export const pathValue: fc.Arbitrary<PathValue> = fc.oneof(
  { weight: 5, arbitrary: existingId },
  { weight: 4, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 20 }).map(encodeText),
  },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** One `key=value` pair of a query string, already encoded (or malformed on purpose); value undefined: `key` alone. */
export type QueryPart = readonly [key: string, value: string | ExistingId | undefined];

const RAW_QUERY_VALUES: readonly string[] = [
  "%",
  "%ZZ",
  "%E0%A4%A",
  "%00",
  "+",
  "&",
  "==",
  "%26%3D",
  "a%5B%5D",
];

export function queryArbitrary(
  schema: z.ZodType | undefined,
  emails: readonly string[],
): fc.Arbitrary<QueryPart[]> {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  const names = Object.keys(shape);
  const encodedValue = (value: unknown): string | ExistingId =>
    value instanceof ExistingId
      ? value
      : encodeText(
          value instanceof RawToken
            ? value.text
            : typeof value === "string"
              ? value
              : (JSON.stringify(value) ?? ""),
        );
  const valueFor = (name: string | undefined): fc.Arbitrary<string | ExistingId | undefined> =>
    fc.oneof(
      {
        weight: name ? 4 : 0,
        arbitrary: name
          ? plausibleValue(name, shape[name] as z.ZodType, emails).map(encodedValue)
          : fc.constant(""),
      },
      { weight: 4, arbitrary: hostileValue.map(encodedValue) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY_VALUES) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  const key = fc.oneof(
    {
      weight: names.length > 0 ? 6 : 0,
      arbitrary: names.length > 0 ? fc.constantFrom(...names) : fc.constant(""),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...HOSTILE_KEYS.map(encodeText), "limit[]", "limit[$gt]", "%", ""),
    },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 8 }).map(encodeText) },
  );
  // Repeated keys are allowed on purpose: `?limit=1&limit=2` reaches the schema as an array.
  return fc.array(
    key.chain((name) =>
      valueFor(names.includes(name) ? name : undefined).map((value): QueryPart => [name, value]),
    ),
    { maxLength: 5 },
  );
}

/**
 * The rate limits' counters, which a refused request writes by design: a failed sign-in must count, or the limit
 * would hold nothing back (test/sessions-security.test.ts proves that they do).
 */
export const COUNTED_ON_REFUSAL = ["rate_limit_windows"];

/**
 * A fingerprint of every table in the application's schema but COUNTED_ON_REFUSAL: `table:rows:newest-xmin`,
 * joined by commas. Every committed insert or update writes a row version stamped with its transaction's id
 * (xmin), newer than any before it, and a delete changes the count, so any committed write changes the
 * fingerprint; a rolled-back one does not.
 */
export async function databaseFingerprint(db: Database): Promise<string> {
  tableNames ??= (
    (await db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows
    .map((row) => row.name)
    .filter((name) => !COUNTED_ON_REFUSAL.includes(name));
  const perTable = tableNames.map(
    (
      name,
    ) => sql`select ${name}::text || ':' || count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as part
      from ${sql.identifier(name)}`,
  );
  const tables = sql.join(perTable, sql` union all `);
  const result = (await db.execute(
    sql`select string_agg(part, ',' order by part) as fingerprint from (${tables}) tables`,
  )) as unknown as { rows: { fingerprint: string }[] };
  return result.rows[0]?.fingerprint ?? "";
}
let tableNames: string[] | undefined;

/** Every table name of the fingerprint, for checking that it covers the schema. */
export function fingerprintTables(fingerprint: string): string[] {
  return fingerprint.split(",").map((part) => part.split(":")[0] ?? "");
}

/** Which table an id parameter named `name` in `path` refers to. */
export function tableForParameter(name: string, path: string): IdTable {
  if (/^user/i.test(name)) return "users";
  if (/^opportunit/i.test(name)) return "opportunities";
  if (path.startsWith("/api/applications")) return "applications";
  if (path.startsWith("/api/admin/mail")) return "mail_outbox";
  if (path.startsWith("/api/opportunities")) return "opportunities";
  return "users";
}

// A pooled PostgreSQL connection sends the parameterised statements it repeats as named prepared statements, up
// to a bound (ADR 0050). Read back from the server itself: pg_prepared_statements lists what this session holds.
// Needs a PostgreSQL server on either run (DATABASE_URL's, else the local one); it creates nothing there.
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { postgresAdminUrl } from "../../../test/process-support";
import { textLiteral } from "../lib/sql";
import { executePlannedOnce } from "./built-once";
import type { Executor } from "./client";
import { MAX_PREPARED_PER_CONNECTION, prepareRepeatedStatements } from "./prepared-statements";

let client: pg.Client | undefined;
afterEach(async () => {
  await client?.end();
  client = undefined;
});

async function preparingClient(): Promise<pg.Client> {
  client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  prepareRepeatedStatements(client);
  return client;
}

/** The statements this session holds prepared, with how often each ran on a generic plan. */
async function prepared(
  connection: pg.Client,
): Promise<{ name: string; statement: string; generic: number; custom: number }[]> {
  // No parameters: this statement itself goes unnamed and is not listed.
  const result = await connection.query(
    `select name, statement, generic_plans::int as generic, custom_plans::int as custom
      from pg_prepared_statements order by prepare_time`,
  );
  return result.rows;
}

describe("prepared statements", () => {
  it("names a repeated statement once and reuses its plan, through drizzle as through pg", async () => {
    const connection = await preparingClient();
    const db = drizzle(connection);
    const answers: unknown[] = [];
    for (let i = 1; i <= 8; i++) {
      const result = await db.execute(sql`select ${i}::int * 2 as doubled`);
      answers.push(result.rows[0]?.doubled);
    }
    await connection.query("select $1::text as echoed", ["once"]);
    expect(answers).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
    const held = await prepared(connection);
    expect(held.map((row) => row.statement)).toEqual([
      "select $1::int * 2 as doubled",
      "select $1::text as echoed",
    ]);
    // Parsed once; after five custom plans PostgreSQL settled on the generic one for the other three runs.
    expect(held[0]?.generic).toBe(3);
  });

  it("leaves statements without parameters and already named ones as they are", async () => {
    const connection = await preparingClient();
    await connection.query("select 1");
    await connection.query({ text: "select 2 where $1::int = 1", values: [1], name: "chosen_name" });
    expect((await prepared(connection)).map((row) => row.name)).toEqual(["chosen_name"]);
  });

  it(`keeps at most ${MAX_PREPARED_PER_CONNECTION} statements per connection; later texts run unnamed`, async () => {
    const connection = await preparingClient();
    const beyond = MAX_PREPARED_PER_CONNECTION + 5;
    for (let i = 0; i < beyond; i++) {
      const result = await connection.query(`select $1::int + ${i} as total`, [1]);
      expect(result.rows[0]?.total).toBe(1 + i);
    }
    const held = await prepared(connection);
    expect(held).toHaveLength(MAX_PREPARED_PER_CONNECTION);
    // The first texts keep their names and run as before.
    const again = await connection.query("select $1::int + 0 as total", [41]);
    expect(again.rows[0]?.total).toBe(41);
    expect(await prepared(connection)).toHaveLength(MAX_PREPARED_PER_CONNECTION);
  });

  it("counts the statements named by their text towards the bound; past it they run unnamed", async () => {
    const connection = await preparingClient();
    const db = drizzle(connection) as unknown as Executor;
    const beyond = MAX_PREPARED_PER_CONNECTION + 5;
    for (let i = 0; i < beyond; i++) {
      // A page size written into the text, as a caller could ask for any: each is another text.
      const result = (await executePlannedOnce(
        db,
        sql`select ${textLiteral(i)}::int + 1 as next`,
      )) as pg.QueryResult;
      expect(result.rows[0]?.next).toBe(i + 1);
    }
    const held = await prepared(connection);
    expect(held).toHaveLength(MAX_PREPARED_PER_CONNECTION);
    // The first texts keep their names; a parameterised statement finds no room left either.
    await connection.query("select $1::int as late", [1]);
    expect(await prepared(connection)).toHaveLength(MAX_PREPARED_PER_CONNECTION);
    const again = (await executePlannedOnce(
      db,
      sql`select ${textLiteral(0)}::int + 1 as next`,
    )) as pg.QueryResult;
    expect(again.rows[0]?.next).toBe(1);
    expect(await prepared(connection)).toHaveLength(MAX_PREPARED_PER_CONNECTION);
  });

  it("a statement that fails to parse is not remembered as prepared, and a later good one runs", async () => {
    const connection = await preparingClient();
    await expect(connection.query("select $1::int frm nowhere", [1])).rejects.toThrow(/syntax/);
    const result = await connection.query("select $1::int as one", [1]);
    expect(result.rows[0]?.one).toBe(1);
    expect((await prepared(connection)).map((row) => row.statement)).toEqual(["select $1::int as one"]);
  });

  it("runs a statement planned once under its text's name, planned once however often it runs", async () => {
    const connection = await preparingClient();
    const db = drizzle(connection) as unknown as Executor;
    const doubled = async (value: number) =>
      (
        (await executePlannedOnce(
          db,
          sql`select ${textLiteral(value)}::int * 2 as doubled`,
        )) as pg.QueryResult
      ).rows[0]?.doubled;
    const answers = [
      await doubled(4),
      await doubled(4),
      await doubled(4),
      await doubled(5),
      await doubled(4),
    ];
    expect(answers).toEqual([8, 8, 8, 10, 8]);
    const held = await prepared(connection);
    // One statement per text, each planned once and its plan reused on every run (no plan per execution).
    expect(held.map((row) => row.statement)).toEqual([
      "select 4::int * 2 as doubled",
      "select 5::int * 2 as doubled",
    ]);
    expect(held.every((row) => row.name.startsWith("seva_once_"))).toBe(true);
    expect(held.map((row) => [row.generic, row.custom])).toEqual([
      [4, 0],
      [1, 0],
    ]);
    // A statement that still has a parameter runs as execute runs it, named as the connection names the others.
    const beside = (await executePlannedOnce(db, sql`select ${4}::int as sent_beside`)) as pg.QueryResult;
    expect(beside.rows).toEqual([{ sent_beside: 4 }]);
    expect((await prepared(connection)).map((row) => row.name).slice(2)).toEqual(["seva_1"]);
  });
});

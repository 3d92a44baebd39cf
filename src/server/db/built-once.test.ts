// A statement built once (ADR 0051) answers as its builder does, with fresh values on every run, on the database
// and inside a transaction; a raw one answers as `execute` does. Both engines (DATABASE_URL or PGlite).
import { createTestDatabase } from "@test/db";
import { eq, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instantLiteral, textLiteral } from "../lib/sql";
import { builtOnce, builtOncePerShape, builtOnceSql, executePlannedOnce } from "./built-once";
import type { DatabaseHandle } from "./client";
import { users } from "./schema";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const names = ["Asha", "Bilal"];

async function insertUsers() {
  return database.db
    .insert(users)
    .values(
      names.map((firstName, index) => ({
        email: `built-once-${index}-${Date.now()}@example.edu`,
        firstName,
        lastName: "Built",
        passwordHash: "x",
      })),
    )
    .returning({ id: users.id });
}

describe("statements built once", () => {
  it("map their rows as the builder does, with each run's values, in and out of a transaction", async () => {
    const ids = (await insertUsers()).map((row) => row.id);
    const byId = builtOnce((db) =>
      db
        .select({ id: users.id, name: users.firstName, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, sql.placeholder("id"))),
    );
    const direct = await database.db
      .select({ id: users.id, name: users.firstName, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, ids[1] ?? 0));
    expect(await byId(database.db, { id: ids[0] })).toEqual([
      { id: ids[0], name: "Asha", createdAt: expect.any(Date) },
    ]);
    expect(await byId(database.db, { id: ids[1] })).toEqual(direct);
    await database.db
      .transaction(async (tx) => {
        await tx
          .update(users)
          .set({ firstName: "Bina" })
          .where(eq(users.id, ids[1] ?? 0));
        // The transaction's own connection sees its uncommitted change.
        expect((await byId(tx, { id: ids[1] }))[0]?.name).toBe("Bina");
        tx.rollback();
      })
      .catch(() => undefined);
    expect((await byId(database.db, { id: ids[1] }))[0]?.name).toBe("Bilal");
  });

  it("run a raw statement as execute does: the driver's result, rows as objects", async () => {
    const ids = (await insertUsers()).map((row) => row.id);
    const named = builtOnceSql(
      sql`select first_name as "firstName" from users where id = ${sql.placeholder("id")}`,
    );
    for (const [index, id] of ids.entries()) {
      const result = (await named(database.db, { id })) as { rows: { firstName: string }[] };
      expect(result.rows).toEqual([{ firstName: names[index] }]);
    }
  });

  it("build each shape of a statement once, and run each shape's own text", async () => {
    const ids = (await insertUsers()).map((row) => row.id);
    let builds = 0;
    const column = { first: sql.raw("first_name"), last: sql.raw("last_name") };
    const nameOf = builtOncePerShape(
      (shape: keyof typeof column) => shape,
      (shape) => {
        builds += 1;
        return sql`select ${column[shape]} as name from users where id = ${sql.placeholder("id")}`;
      },
    );
    expect(nameOf("first")).toBe(nameOf("first"));
    expect(nameOf("last")).not.toBe(nameOf("first"));
    expect(builds).toBe(2);
    const name = async (shape: keyof typeof column, id: number | undefined) =>
      ((await nameOf(shape)(database.db, { id })) as { rows: { name: string }[] }).rows[0]?.name;
    expect(await name("first", ids[0])).toBe("Asha");
    expect(await name("last", ids[1])).toBe("Built");
    expect(await name("first", ids[1])).toBe("Bilal");
    expect(builds).toBe(2);
  });

  it("run a statement planned once as execute runs it, with its values written into its text", async () => {
    const ids = (await insertUsers()).map((row) => row.id);
    for (const [index, id] of ids.entries()) {
      const result = (await executePlannedOnce(
        database.db,
        sql`select first_name as "firstName" from users where id = ${textLiteral(id ?? 0)}`,
      )) as { rows: { firstName: string }[] };
      expect(result.rows).toEqual([{ firstName: names[index] }]);
    }
  });
});

describe("values written into a statement's text", () => {
  it("are whole numbers and plain words or dates only", () => {
    expect(() => textLiteral(1.5)).toThrow(/whole number/);
    expect(() => textLiteral(Number.NaN)).toThrow(/whole number/);
    for (const hostile of ["o'clock", "term; drop table users", "a b", "", "2026-07-01'::date"]) {
      expect(() => textLiteral(hostile)).toThrow(/plain word/);
    }
    const [month, day] = [textLiteral("month"), textLiteral("2026-07-01")];
    expect(new PgDialect().sqlToQuery(sql`select ${month}, ${day}`)).toEqual({
      sql: "select 'month', '2026-07-01'",
      params: [],
    });
  });

  it("writes an instant as a timestamptz from its ISO form, and refuses an invalid date", () => {
    expect(
      new PgDialect().sqlToQuery(sql`select ${instantLiteral(new Date(Date.UTC(2026, 6, 1, 18, 30)))}`),
    ).toEqual({
      sql: "select '2026-07-01T18:30:00.000Z'::timestamptz",
      params: [],
    });
    expect(() => instantLiteral(new Date(Number.NaN))).toThrow();
  });
});

import { PGlite, types } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { preparingStatements } from "./pglite-statements";

/** Drizzle's options for its queries: rows as arrays, dates and timestamps left as PostgreSQL's text. */
const DRIZZLE = {
  rowMode: "array" as const,
  parsers: { [types.TIMESTAMPTZ]: (value: string) => value, [types.DATE]: (value: string) => value },
};

let own: PGlite;
let client: PGlite;
/** The first message of every call into PGlite's WebAssembly: P(arse), B(ind), C(lose), Q(uery), … */
let calls: string[];

beforeEach(async () => {
  own = new PGlite();
  const unprepared = new PGlite();
  await unprepared.waitReady; // its start runs a query of its own
  client = preparingStatements(unprepared, 3);
  calls = [];
  const run = client.execProtocolRaw.bind(client);
  client.execProtocolRaw = (message, options) => {
    calls.push(String.fromCharCode(message[0] as number));
    return run(message, options);
  };
  const schema = `create table dish (id int primary key, name text, price numeric, tags jsonb, made timestamptz,
    served date, sold boolean);`;
  await own.exec(schema);
  await client.exec(schema);
  calls = [];
});

afterEach(async () => {
  await own.close();
  await client.close();
});

/** The statements the session holds, read by a simple query (which prepares nothing). */
const heldStatements = async () => {
  const answers = await client.exec("select statement from pg_prepared_statements order by statement");
  return (answers[0]?.rows ?? []).map((row) => (row as { statement: string }).statement);
};

describe("a statement run through preparingStatements", () => {
  test("answers what PGlite's own query answers: rows as arrays or objects, nulls, types, changed rows", async () => {
    const insert = "insert into dish values ($1, $2, $3, $4, $5, $6, $7), ($8, $9, null, null, null, null, null)";
    const values = [
      1,
      "Burger",
      "89.50",
      { spicy: true },
      new Date("2026-11-23T10:00:00Z"),
      "2026-11-23",
      true,
      2,
      "Fries",
    ];
    const statements: [string, unknown[], object?][] = [
      [insert, values],
      ["select * from dish order by id", [], DRIZZLE],
      ["select * from dish where id = $1", [1]],
      ["select name, tags->>'spicy' as spicy from dish where price > $1", [50]],
      ["update dish set sold = $1 where id < $2", [false, 10]],
      ["delete from dish where id = $1", [2]],
      ["select id from dish where id = $1", [42]],
    ];
    for (const [sql, params, options] of statements) {
      expect(await client.query(sql, params, options), sql).toEqual(await own.query(sql, params, options));
    }
  });

  test("is parsed once: every later run is one call, Bind, Execute and Sync", async () => {
    const sql = "select name from dish where id = $1";
    for (const id of [1, 2, 3]) await client.query(sql, [id]);
    expect(calls).toEqual(["P", "B", "B", "B"]);
  });

  test("a failed run leaves the statement usable; a statement that does not parse is not kept", async () => {
    await client.query("insert into dish (id, name) values ($1, $2)", [1, "Burger"]);
    await expect(client.query("insert into dish (id, name) values ($1, $2)", [1, "Again"])).rejects.toMatchObject({
      code: "23505",
      query: "insert into dish (id, name) values ($1, $2)",
    });
    await expect(client.query("selec name from dish", [])).rejects.toMatchObject({ code: "42601" });
    await client.query("insert into dish (id, name) values ($1, $2)", [2, "Fries"]);
    expect((await client.query("select name from dish order by id", [])).rows).toEqual([
      { name: "Burger" },
      { name: "Fries" },
    ]);
    expect(await heldStatements()).toEqual([
      "insert into dish (id, name) values ($1, $2)",
      "select name from dish order by id",
    ]);
  });

  test("in a transaction: commits and rolls back together; a closed transaction refuses statements", async () => {
    const insert = "insert into dish (id, name) values ($1, $2)";
    await client.transaction(async (tx) => {
      await tx.query(insert, [1, "Burger"]);
      await tx.query(insert, [2, "Fries"]);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, [3, "Shake"]);
        await tx.query(insert, [1, "Burger again"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    let closed: Parameters<Parameters<PGlite["transaction"]>[0]>[0] | undefined;
    await client.transaction(async (tx) => {
      closed = tx;
    });
    await expect(closed?.query("select 1", [])).rejects.toThrow("Transaction is closed");

    expect((await client.query("select id from dish order by id", [], { rowMode: "array" })).rows).toEqual([[1], [2]]);
  });

  test("keeps at most its bound of statements, closing the least recently used", async () => {
    const select = (column: string) => client.query(`select ${column} from dish where id = $1`, [1]);
    await client.query("insert into dish (id, name, price) values ($1, $2, $3)", [1, "Burger", 89]);
    await select("name");
    await select("price");
    await select("name"); // used again: the insert is now the oldest
    await select("sold");
    expect(await heldStatements()).toEqual([
      "select name from dish where id = $1",
      "select price from dish where id = $1",
      "select sold from dish where id = $1",
    ]);
    expect((await client.query("insert into dish (id, name) values ($1, $2)", [2, "Fries"])).affectedRows).toBe(1);
    expect(await heldStatements()).toHaveLength(3);
  });

  test("a statement the session dropped is prepared again, at once outside a transaction", async () => {
    const sql = "select name from dish where id = $1";
    await client.query("insert into dish (id, name) values ($1, $2)", [1, "Burger"]);
    await client.query(sql, [1]);
    await client.exec("deallocate all");
    expect((await client.query(sql, [1])).rows).toEqual([{ name: "Burger" }]);

    await client.exec("deallocate all");
    await expect(client.transaction((tx) => tx.query(sql, [1]))).rejects.toMatchObject({ code: "26000" });
    expect((await client.transaction((tx) => tx.query(sql, [1]))).rows).toEqual([{ name: "Burger" }]);
  });
});

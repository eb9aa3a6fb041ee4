import { Column, is, SQL, sql } from "drizzle-orm";
import type { Executor } from "./client";
import { type QueryBuilder, reusableQuery } from "./reusable-query";

type Row = Record<string, unknown>;

/** Far more shapes than any one write of the API meets (one to a few per caller); past it, a write is built each time. */
const MAX_SHAPES = 64;

/**
 * An insert or update whose rows give a varying set of columns, built into SQL once per shape of rows it
 * meets (which columns each row gives, which of them are null, how many rows) and reused as reusableQuery
 * reuses a fixed query. drizzle otherwise builds each write's SQL on every call: on a placed order that was
 * about a dozen writes, ~0.3 ms each.
 *
 * `build` gets rows of the same shape whose values are placeholders, and must not look at them otherwise.
 * Each placeholder is mapped by its column at run time exactly as drizzle maps a value (a Date of a timestamp
 * column goes as ISO text, a json column's value as JSON); a null goes as SQL NULL, and a column the row does
 * not give (undefined) is left out, so its default applies, as in drizzle. `values` are the query's other
 * placeholders (a `where` on `sql.placeholder("id")`). A row holding SQL of its own (sql`now()`) is built on
 * the spot, as is every write once MAX_SHAPES shapes are held.
 */
export function reusableWrite<T>(
  build: (db: Executor, rows: Row[]) => PromiseLike<T>,
): (db: Executor, rows: readonly Row[], values?: Row) => Promise<T> {
  const byShape = new Map<string, (db: Executor, values: Row) => Promise<T>>();
  return async (db, rows, values = {}) => {
    if (rows.some(holdsSql)) return builtNow(build(db, [...rows]), values);
    const given = rows.map(givenKeys);
    const shape = shapeOf(rows, given);
    let query = byShape.get(shape);
    if (!query) {
      if (byShape.size >= MAX_SHAPES) return builtNow(build(db, [...rows]), values);
      const placeholderRows = rows.map((row, i) => placeholdersOf(row, given[i] as string[], i));
      query = reusableQuery((executor) => build(executor, placeholderRows));
      byShape.set(shape, query);
    }
    return query(db, { ...valuesOf(rows, given), ...values });
  };
}

/** Runs a write built for this call alone, with the values of its own placeholders. */
function builtNow<T>(query: PromiseLike<T>, values: Row): Promise<T> {
  return (query as QueryBuilder<T>)._prepare().execute(values);
}

function givenKeys(row: Row): string[] {
  return Object.keys(row)
    .filter((key) => row[key] !== undefined)
    .sort();
}

/** `given[i]`: row i's given keys (givenKeys), found once per call. */
function shapeOf(rows: readonly Row[], given: string[][]): string {
  return rows.map((row, i) => given[i]?.map((key) => (row[key] === null ? `${key}=null` : key))).join("|");
}

/** Row i's value of `key` is the placeholder `i.key`: a name no caller's own placeholder has. */
function placeholdersOf(row: Row, keys: string[], i: number): Row {
  return Object.fromEntries(keys.map((key) => [key, row[key] === null ? null : sql.placeholder(`${i}.${key}`)]));
}

function valuesOf(rows: readonly Row[], given: string[][]): Row {
  const values: Row = {};
  rows.forEach((row, i) => {
    for (const key of given[i] ?? []) if (row[key] !== null) values[`${i}.${key}`] = row[key];
  });
  return values;
}

function holdsSql(row: Row): boolean {
  return Object.values(row).some((value) => is(value, SQL) || is(value, Column));
}

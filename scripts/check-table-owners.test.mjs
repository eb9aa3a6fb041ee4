/**
 * The one-owner check (check-table-owners.mjs) on small made-up modules, and on the repository itself.
 * Run: node --test scripts/check-table-owners.test.mjs (part of npm run lint).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { findRawReads, findWrites, ownershipProblems, readRepository, tablesOfSchema } from "./check-table-owners.mjs";

const SCHEMA = `
export const checkout = pgTable("checkout", { id: uuid("id") });
export const checkoutDiscount = pgTable(
  "checkout_discount",
  { id: uuid("id") },
);
export const payment = pgTable("payment", { id: uuid("id") });
`;
const tables = tablesOfSchema([SCHEMA]);
const owners = { checkout: "checkout", checkout_discount: "checkout", payment: "payment" };

function problemsOf(module, source) {
  return ownershipProblems({
    files: [{ module, path: `${module}/repository.ts`, source }],
    tables,
    owners,
    exceptions: [],
    readExceptions: [],
  });
}

test("reads the schema's tables with their SQL names", () => {
  assert.deepEqual(
    tables,
    new Map([
      ["checkout", "checkout"],
      ["checkoutDiscount", "checkout_discount"],
      ["payment", "payment"],
    ]),
  );
});

test("fails when a module updates another module's table", () => {
  const source = `
const { payment, checkout } = schema;
export async function setCheckoutState(db, id, state) {
  await db
    .update(checkout)
    .set({ state })
    .where(eq(checkout.id, id));
}`;
  assert.deepEqual(problemsOf("payment", source), [
    "payment/repository.ts:5: module payment writes (update) table checkout, which checkout owns: ask checkout through its index.ts",
  ]);
});

test("fails on inserts and deletes through schema.x, a renamed table and raw SQL", () => {
  const source = `
const { checkoutDiscount: applied } = schema;
await db.insert(schema.checkoutDiscount).values(row);
await db.delete(applied).where(eq(applied.id, id));
await db.execute(sql\`delete from checkout_discount where id = \${id}\`);
await db.execute(sql\`update "checkout" set state = 1\`);
await db.execute(sql\`insert into checkout (id) values (\${id})\`);`;
  assert.deepEqual(
    problemsOf("discount", source).map((problem) => problem.split(": module ")[1]),
    [
      "discount writes (insert) table checkout_discount, which checkout owns",
      "discount writes (delete) table checkout_discount, which checkout owns",
      "discount writes (insert) table checkout, which checkout owns",
      "discount writes (update) table checkout, which checkout owns",
      "discount writes (delete) table checkout_discount, which checkout owns",
    ].map((text) => `${text}: ask checkout through its index.ts`),
  );
});

test("passes the owner's own writes, reads of other tables, and what only looks like a write", () => {
  const source = `
const { checkout, payment } = schema;
// A comment may say: db.update(payment) or delete from payment.
await db.update(checkout).set({ state }).where(eq(checkout.id, id));
await db.select().from(payment).where(eq(payment.checkoutId, id));
windows.delete(key);
createHash("sha1").update(payment.id);
api.delete("/checkout/:id/discount/:discountId", handler);
await db.execute(sql\`insert into rate_limit_counter (key) values (1) on conflict (key) do update set count = 2\`);`;
  assert.deepEqual(problemsOf("checkout", source), []);
  assert.deepEqual(findWrites(source, tables), [{ table: "checkout", kind: "update", line: 4 }]);
});

test("fails when a module reads another module's table with raw SQL", () => {
  const source = `
const result = await db.execute(sql\`
  select p.state from payment p
    join "checkout" c on c.id = p.checkout_id
  where c.id = \${id}\`);`;
  assert.deepEqual(problemsOf("discount", source), [
    "discount/repository.ts:3: module discount reads table payment with raw SQL, which payment owns: ask payment through its index.ts",
    "discount/repository.ts:4: module discount reads table checkout with raw SQL, which checkout owns: ask checkout through its index.ts",
  ]);
});

test("passes raw reads of the module's own tables, drizzle's reads, a delete's from, and words in comments", () => {
  const source = `
// Read from payment elsewhere.
await db.execute(sql\`select id from checkout where id = \${id}\`);
await db.select().from(payment).where(eq(payment.checkoutId, id));
await db.execute(sql\`delete from checkout_discount where id = \${id}\`);`;
  assert.deepEqual(problemsOf("checkout", source), []);
  assert.deepEqual(findRawReads(source, tables), [{ table: "checkout", line: 3 }]);
});

test("a read exception lets one module read the tables it names with raw SQL", () => {
  const files = [{ module: "figures", path: "figures/repository.ts", source: "sql`select 1 from payment`" }];
  const readExceptions = [{ module: "figures", tables: ["payment"], why: "aggregates" }];
  assert.deepEqual(ownershipProblems({ files, tables, owners, exceptions: [], readExceptions }), []);
  assert.equal(ownershipProblems({ files, tables, owners, exceptions: [], readExceptions: [] }).length, 1);
});

test("an exception lets one module write one table it does not own", () => {
  const files = [{ module: "retention", path: "retention/repository.ts", source: "await db.delete(payment);" }];
  const exceptions = [{ table: "payment", module: "retention", why: "housekeeping" }];
  assert.deepEqual(ownershipProblems({ files, tables, owners, exceptions }), []);
  assert.equal(ownershipProblems({ files, tables, owners, exceptions: [] }).length, 1);
});

test("fails when a schema table has no owner, or an owner names no table", () => {
  const { checkout_discount: _, ...withoutOne } = owners;
  assert.deepEqual(
    ownershipProblems({ files: [], tables, owners: { ...withoutOne, paymnet: "payment" }, exceptions: [] }),
    [
      "table checkout_discount has no owner: add it to OWNERS in scripts/check-table-owners.mjs",
      "OWNERS names paymnet, which is not a table of the schema",
    ],
  );
});

test("the repository's modules write only their own tables, and read others' with raw SQL only where excepted", () => {
  const { files, tables: all } = readRepository();
  assert.ok(all.size > 30, "the schema's tables were found");
  assert.ok(files.length > 50, "the modules' files were found");
  assert.deepEqual(ownershipProblems({ files, tables: all }), []);
});

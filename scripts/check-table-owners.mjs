#!/usr/bin/env node
/**
 * One owner per table: every table is written (insert, update, delete) by exactly one module of
 * apps/api/src/modules; another module that needs to change it asks the owner through the owner's
 * index.ts (payment asks checkout to move the checkout's state, discount asks checkout to apply a code).
 * This check reads the modules' source (tests left out), finds their writes — drizzle's
 * `.insert(table)`, `.update(table)`, `.delete(table)` and raw SQL `insert into`, `update … set`,
 * `delete from` — and fails when one names a table its module does not own (OWNERS below). It also fails on a
 * raw SQL read (`from x`, `join x`) of another module's table: drizzle's reads (`.from(x)`) are not checked, but a
 * hand-written query of another's table copies the owner's joins and rules outside it (staff read tenancy's
 * restaurant hosts that way twice; it asks tenancy now). The raw reads that stay are in READ_EXCEPTIONS, with why.
 *
 * The seed and the migrations (packages/db) write every table as the restaurant's own tools will; they
 * are not modules and are not checked. Run: node scripts/check-table-owners.mjs (part of npm run lint).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** Table (SQL name) → the module that writes it. A table no module writes yet names the module it belongs to. */
export const OWNERS = {
  // Restaurants and their modules: written by the restaurant's tools (seed) only, so far.
  production_unit: "tenancy",
  business_hours: "tenancy",
  closed_date: "tenancy",
  special_hours: "tenancy",
  module: "tenancy",
  module_domain: "tenancy",
  app_setting: "settings",
  // Uploaded logos, named by their hash: a setting's image.
  brand_image: "settings",
  // The back office: organisations, staff accounts, their roles, sessions and emailed links; the audit log.
  organisation: "staff",
  staff_account: "staff",
  membership: "staff",
  membership_unit: "staff",
  staff_session: "staff",
  staff_link: "staff",
  audit_log: "audit",
  module_terms: "settings",
  language: "settings",
  // The catalogue.
  menu_instance: "catalogue",
  product_instance: "catalogue",
  menu: "catalogue",
  category: "catalogue",
  product: "catalogue",
  category_product: "catalogue",
  modifier: "catalogue",
  product_modifier: "catalogue",
  choice: "catalogue",
  modifier_choice: "catalogue",
  label: "catalogue",
  product_label: "catalogue",
  // Uploaded product and category images and their WebP variants (issue 45).
  menu_image: "menu-images",
  menu_image_variant: "menu-images",
  blocked_product: "warehouse",
  blocked_choice: "warehouse",
  // A guest's basket, checkout, payment and order.
  // An organisation's own payment provider account (issue 46), sealed secrets; the webhook events handled.
  payment_account: "payment-accounts",
  // The highest version an organisation's accounts have had: a new account continues above it.
  payment_account_version: "payment-accounts",
  payment_webhook_event: "payment",
  basket: "basket",
  basket_item: "basket",
  basket_item_choice: "basket",
  checkout_instance: "checkout",
  checkout: "checkout",
  // The checkout's applied codes: discount and giftcard validate a code, then ask checkout to apply it.
  checkout_discount: "checkout",
  checkout_giftcard: "checkout",
  capacity_instance: "capacity",
  capacity_usage: "capacity",
  capacity_rule: "capacity",
  delivery_instance: "delivery",
  delivery_zone: "delivery",
  discount_instance: "discount",
  discount_code: "discount",
  giftcard_instance: "giftcard",
  // A card's balance moves with its ledger, all written by payment: drawn when a payment starts, credited back when
  // it ends without an order or is refunded; issuing a card and switching it off (payment/giftcard-ledger.ts, asked
  // by the giftcard module's back-office routes) write the same two tables.
  giftcard: "payment",
  giftcard_transaction: "payment",
  payment_instance: "payment",
  payment: "payment",
  payment_hold: "payment",
  payment_refund: "payment",
  receipt_sequence: "order",
  order: "order",
  order_line: "order",
  order_discount: "order",
  // Money staff give back on an order's page (issue 45); its card and gift-card parts are asked of payment.
  order_refund: "refund",
  receipt_message: "receipt",
  // The restaurant's live service (issue 44): the kitchen's status of an order, the event log that pushes
  // changes to staff screens and which restaurants have one open, pause and busy, alerts to managers.
  kitchen_order: "kitchen",
  restaurant_event: "restaurant-events",
  restaurant_event_sequence: "restaurant-events",
  screen_presence: "restaurant-events",
  ordering_pause: "warehouse",
  staff_alert: "escalation",
  // Not a module's: plugins/guess-limit/postgres-store.ts counts tries (and hits of other per-client limits) in it.
  rate_limit_counter: "plugins/guess-limit",
};

/** Writes a module may make to a table it does not own, each with the reason it is the right call. */
export const EXCEPTIONS = [
  {
    table: "rate_limit_counter",
    module: "retention",
    why:
      "The counters' owner is a plugin, whose store only counts: deleting the windows that are over is the " +
      "retention sweep's housekeeping, and a module cannot ask a plugin (plugins are wired by the app, not imported).",
  },
];

/** Modules that read tables they do not own with raw SQL, the tables, and why that stays. */
export const READ_EXCEPTIONS = [
  {
    module: "figures",
    tables: ["order", "order_line", "kitchen_order", "payment", "order_refund", "product"],
    why:
      "The figures are a few aggregate statements over a range of orders with their payments, refunds and kitchen " +
      "status (docs/decisions/037-figures.md): read only, and one statement each instead of a query per owner.",
  },
  {
    module: "checkout",
    tables: ["category_product", "discount_code", "basket_item", "payment"],
    why:
      "The checkout's answer is one statement with its codes, lines and payments as subqueries (answerRows), and " +
      "a code's categories' products are priced in the same statement (productsOfCodeCategories).",
  },
];

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DRIZZLE_WRITE = /\.(insert|update|delete)\(\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)\s*[,)]/g;
const SQL_WRITES = [
  { kind: "insert", pattern: /\binsert\s+into\s+"?(\w+)"?/gi },
  { kind: "update", pattern: /\bupdate\s+"?(\w+)"?\s+set\b/gi },
  { kind: "delete", pattern: /\bdelete\s+from\s+"?(\w+)"?/gi },
];

// `delete from x` is a write (SQL_WRITES), not a read as well.
const SQL_READ = /\b(delete\s+)?(?:from|join)\s+"?(\w+)"?/gi;

/** The schema's tables: the name each is exported as → its SQL name (`export const x = pgTable("x_y", …)`). */
export function tablesOfSchema(sources) {
  const tables = new Map();
  for (const source of sources) {
    for (const match of source.matchAll(/export\s+const\s+(\w+)\s*=\s*pgTable\(\s*["'`](\w+)["'`]/g)) {
      tables.set(match[1], match[2]);
    }
  }
  return tables;
}

/**
 * The table writes in one source file: `{ table, kind, line }` with the table's SQL name. Only names of the
 * schema's tables count (`.delete(key)` on a Map is no write), through `schema.x`, `x` or a renamed
 * destructuring of schema (`const { checkout: row } = schema`).
 */
export function findWrites(source, tables) {
  const code = withoutComments(source);
  const aliases = new Map([...tables].map(([name, sqlName]) => [name, sqlName]));
  for (const block of code.matchAll(/const\s*\{([^}]*)\}\s*=\s*schema\b/g)) {
    for (const entry of block[1].split(",")) {
      const [name, alias] = entry.split(":").map((part) => part.trim());
      if (alias && tables.has(name)) aliases.set(alias, tables.get(name));
    }
  }
  const sqlNames = new Set(tables.values());
  const writes = [];
  for (const match of code.matchAll(DRIZZLE_WRITE)) {
    const name = match[2].startsWith("schema.") ? match[2].slice("schema.".length) : match[2];
    const table = aliases.get(name);
    if (table) writes.push({ table, kind: match[1], line: lineOf(code, match.index) });
  }
  for (const { kind, pattern } of SQL_WRITES) {
    for (const match of code.matchAll(pattern)) {
      if (sqlNames.has(match[1])) writes.push({ table: match[1], kind, line: lineOf(code, match.index) });
    }
  }
  return writes;
}

/**
 * The raw SQL reads of tables in one source file: `{ table, line }` for each `from x` or `join x` naming a schema
 * table by its SQL name. Drizzle's `.from(x)` is no match (a parenthesis, not a space, follows `from`).
 */
export function findRawReads(source, tables) {
  const code = withoutComments(source);
  const sqlNames = new Set(tables.values());
  const reads = [];
  for (const match of code.matchAll(SQL_READ)) {
    if (!match[1] && sqlNames.has(match[2])) reads.push({ table: match[2], line: lineOf(code, match.index) });
  }
  return reads;
}

/** The source with its comments blanked (line breaks kept, so line numbers stay true). */
function withoutComments(source) {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, " "))
    .replace(/(^|[^:\\"'`])\/\/[^\n]*/gm, (_, before) => before);
}

function lineOf(text, index) {
  return text.slice(0, index).split("\n").length;
}

/**
 * Every problem found: a write to a table its module does not own, a raw SQL read of one, a schema table without an owner,
 * an owner entry for a table the schema does not have. `files` are `{ module, path, source }`.
 */
export function ownershipProblems({
  files,
  tables,
  owners = OWNERS,
  exceptions = EXCEPTIONS,
  readExceptions = READ_EXCEPTIONS,
}) {
  const problems = [];
  const sqlNames = new Set(tables.values());
  for (const table of sqlNames) {
    if (!(table in owners))
      problems.push(`table ${table} has no owner: add it to OWNERS in scripts/check-table-owners.mjs`);
  }
  for (const table of Object.keys(owners)) {
    if (!sqlNames.has(table)) problems.push(`OWNERS names ${table}, which is not a table of the schema`);
  }
  for (const file of files) {
    for (const write of findWrites(file.source, tables)) {
      const owner = owners[write.table];
      if (owner === undefined || owner === file.module) continue;
      if (exceptions.some((allowed) => allowed.table === write.table && allowed.module === file.module)) continue;
      problems.push(
        `${file.path}:${write.line}: module ${file.module} writes (${write.kind}) table ${write.table}, ` +
          `which ${owner} owns: ask ${owner} through its index.ts`,
      );
    }
    for (const read of findRawReads(file.source, tables)) {
      const owner = owners[read.table];
      if (owner === undefined || owner === file.module) continue;
      if (readExceptions.some((allowed) => allowed.module === file.module && allowed.tables.includes(read.table)))
        continue;
      problems.push(
        `${file.path}:${read.line}: module ${file.module} reads table ${read.table} with raw SQL, ` +
          `which ${owner} owns: ask ${owner} through its index.ts`,
      );
    }
  }
  return problems;
}

/** The .ts files under `dir`, tests left out. */
function sourceFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The repository's own modules and schema. */
export function readRepository(root = ROOT) {
  const modulesDir = join(root, "apps/api/src/modules");
  const tables = tablesOfSchema(
    sourceFiles(join(root, "packages/db/src/schema")).map((path) => readFileSync(path, "utf8")),
  );
  const files = sourceFiles(modulesDir).map((path) => ({
    module: relative(modulesDir, path).split(sep)[0],
    path: relative(root, path),
    source: readFileSync(path, "utf8"),
  }));
  return { files, tables };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { files, tables } = readRepository();
  const problems = ownershipProblems({ files, tables });
  if (problems.length > 0) {
    console.error(`One owner per table: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join("\n")}`);
    process.exit(1);
  }
  console.log(
    `One owner per table: ${tables.size} tables, ${files.length} module files, every write and raw read by its owner.`,
  );
}

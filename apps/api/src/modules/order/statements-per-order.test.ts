/**
 * The database work of one placed order, counted statement by statement (every statement PGlite runs,
 * BEGIN and COMMIT included). On PGlite each statement runs in the API's one thread, so
 * this count is what a lunch rush's orders per second come down to (docs/decisions/022-db-public-apis-only.md).
 *
 * A warm restaurant's setup (settings, hours, closed dates, modules, production unit, checkout,
 * capacity and payment instances) comes from memory (shared/restaurant-setup.ts), and so do the catalogue
 * facts a basket change prices from (the product, its options, the sold-out lists): a placed order never
 * reads those tables. The budget fails a change that quietly adds statements to the flow.
 */
import { PGlite } from "@electric-sql/pglite";
import { expect, test, vi } from "vitest";
import { basketHelpers, type Chosen } from "../../testing/basket-helpers";
import { pay, pressTestButton } from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";

/** The SQL of every statement PGlite ran, in order. */
const parsed: string[] = [];
/**
 * Every statement reaches PGlite's WebAssembly through its public execProtocolRaw(), as protocol messages: read
 * there, below drizzle and PGlite's query() and exec(). Patched before the test database opens: its client
 * binds the prototype's method when it is made (packages/db client.ts).
 */
const execProtocolRaw = PGlite.prototype.execProtocolRaw;
PGlite.prototype.execProtocolRaw = function (message, ...rest) {
  parsed.push(...statementsRun(message));
  return execProtocolRaw.call(this, message, ...rest);
};

/**
 * The SQL of the statements one call into PGlite starts: a simple Query ('Q': length, SQL), which exec() sends
 * (BEGIN, COMMIT), or a Parse ('P': length, statement name, SQL), which query() sends first for each statement
 * before its Bind, Execute and Sync.
 */
function statementsRun(call: Uint8Array): string[] {
  const run: string[] = [];
  for (let start = 0; start < call.length; ) {
    const kind = call[start];
    const end = start + 1 + new DataView(call.buffer, call.byteOffset + start + 1, 4).getInt32(0);
    const [first = "", second = ""] = new TextDecoder().decode(call.subarray(start + 5, end)).split("\0");
    if (kind === 0x51) run.push(first);
    if (kind === 0x50) run.push(second);
    start = end;
  }
  return run;
}

const KEPT_TABLES = [
  "app_setting",
  "module",
  "production_unit",
  "business_hours",
  "closed_date",
  "checkout_instance",
  "capacity_instance",
  "payment_instance",
  // The catalogue facts a basket change prices from (basket/repository.ts): kept like the setup.
  "product",
  "product_modifier",
  "blocked_product",
  "blocked_choice",
  "ordering_pause",
];
/**
 * Statements of the flow below, receipt e-mail included: exactly this many when the test was written (79), plus
 * the 3 an online payment start takes to count the client's unpaid payments (two advisory locks and one read:
 * docs/decisions/025-unpaid-holds-are-limited.md), plus the 2 that tell the kitchen (its status row, and the
 * order.placed event with its sequence number in one statement: issue 44), plus the 1 of GET /order/{id} that
 * reads the kitchen's progress for the guest's confirmation (kitchen_order, never kept: issue 44); less the 2 saved
 * since: the client's two advisory locks take one statement, and an approval moves its waiting payment unread.
 */
const STATEMENT_BUDGET = 83;

const { t } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

test("a placed order reads neither the restaurant's setup nor the catalogue it prices from, and stays within its statement budget", async () => {
  const baskets = basketHelpers(() => t);
  const burger = await baskets.productId("Classic burger");
  const line = { productId: burger, amount: 1, choices: await baskets.burgerBasics(burger) };
  await placeOrder(line); // warms what is kept in memory, as the restaurant's first order of the day does
  await receiptSentSince(0);
  const before = parsed.length;
  const receiptNumber = await placeOrder(line);
  await receiptSentSince(before);
  const statements = parsed.slice(before);

  expect(receiptNumber).toBe(1002);
  const keptReads = statements.filter((sql) => KEPT_TABLES.some((table) => new RegExp(`\\bfrom "${table}"`).test(sql)));
  expect(keptReads).toEqual([]);
  expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(STATEMENT_BUDGET);
});

/** Basket → checkout → slot → guest information → validate → card → approve → order: its receipt number. */
async function placeOrder(line: { productId: number; amount: number; choices: Chosen[] }): Promise<number> {
  const a = t.restaurantA;
  const call = async (method: "GET" | "POST", url: string, payload?: object) => {
    const res = await t.request({ method, url, headers: a.auth, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const baskets = basketHelpers(() => t);
  const basket = await baskets.newBasket();
  await baskets.added(basket.id, line);

  const checkout = await call(
    "POST",
    `/api/checkout?instanceId=${a.module.checkoutInstanceId}&moduleId=${a.module.id}`,
  );
  await call("POST", `/api/checkout/${checkout.id}/basket?basketId=${basket.id}`);
  const slots: { time: string; isAvailable: boolean }[] = await call("POST", `/api/availableordertime/${checkout.id}`, {
    productionUnitId: a.module.productionUnitId,
    date: "2026-11-23",
    capacityInstanceId: a.module.capacityInstanceId,
  });
  await call("POST", `/api/checkout/${checkout.id}/guestInformation`, {
    name: "Mette Hansen",
    phone: "12345678",
    email: "mette@example.dk",
    orderReadyTime: slots.find((slot) => slot.isAvailable)!.time,
  });
  await call("POST", `/api/order/validate?checkoutId=${checkout.id}`, { productionUnitId: a.module.productionUnitId });
  const payment = await pay(t, checkout.id, { paymentMethods: "card" });
  expect(payment.statusCode, payment.body).toBe(200);
  expect((await pressTestButton(t, payment.json().id, "approve")).statusCode).toBe(303);
  const done = await call("GET", `/api/checkout/${checkout.id}`);
  const order = await call("GET", `/api/order/${done.orderId}`);
  return order.receipt.number;
}

/** The receipt e-mail goes out after the order's answer: the count waits for its last statement. */
async function receiptSentSince(index: number): Promise<void> {
  await vi.waitFor(() =>
    expect(parsed.slice(index).some((sql) => sql.startsWith('update "receipt_message" set "status"'))).toBe(true),
  );
}

/**
 * Case 2, held capacity (issue 11; TastyIgniter issue 541 did not count pending orders against a
 * slot): guests race for slots of 5 kitchen items and each guest who gets a payment does one random
 * thing with it — approves it, declines it, cancels it on the provider's page, cancels it through the
 * API, or abandons it on the page. Guests refused with SLOT_FULL try again a few times, so releases race
 * new holds. Then:
 * - a payment waiting on the provider's page keeps its units: where orders + waiting payments fill a
 *   slot, a new guest is refused SLOT_FULL, and the slot's counter is orders + waiting payments;
 * - once the sweeper has expired the abandoned payments (made to look old through the database), their
 *   units are free again: a new guest orders in every slot that has room;
 * - at rest no slot is oversold, every counter equals its orders' items, nothing is held, and no
 *   authorized payment is left without an order or a refund.
 */
import { afterAll, expect, test } from "vitest";
import { apiClient, type Client, errorCode, StepFailed } from "../harness/client";
import {
  ageWaitingPayments,
  capacityUsed,
  heldPayments,
  orderedItems,
  oversoldSlots,
  paidWithoutOrderOrRefund,
  setShopSlotCapacity,
} from "../harness/database";
import {
  availableSlots,
  awaitSettled,
  CheckoutState,
  fillCheckout,
  fullGuestFlow,
  type Guest,
  guestToken,
  openShop,
  pressButton,
  restaurantDay,
  type Shop,
  startPayment,
} from "../harness/guest-flow";
import type { Product } from "../harness/product";
import { sleep } from "../harness/product";
import { seededRandom, suiteSeed } from "../harness/random";
import { figures, inParallel, onBothDatabases, size, start } from "../harness/suite";

const CAPACITY = 5;
const GUESTS_PER_SLOT = 12;
const SLOTS = size(3, 84); // 84 × 12 ≈ 1,000 mixes in the long form
const SLOTS_AT_ONCE = 4;
const PAY_TRIES = 5;
const FATES = ["approve", "decline", "page-cancel", "api-cancel", "abandon"] as const;
type Fate = (typeof FATES)[number];
type Mix = { fate: Fate | "never-held"; guest: Guest; ordered: boolean };

await onBothDatabases("held capacity", (kind) => {
  let product: Product | undefined;
  afterAll(() => product?.stop());

  test(`${SLOTS} slots of ${CAPACITY} items, ${GUESTS_PER_SLOT} guests each with random payment endings`, async () => {
    const seed = suiteSeed();
    const random = seededRandom(seed);
    product = await start(kind, {
      prepare: (db) => setShopSlotCapacity(db, CAPACITY),
      env: { PAYMENT_SETTLE_INTERVAL_SECONDS: "1" },
    });
    const startedAt = Date.now();
    const client = apiClient(product.urls);
    const base = await openShop(client);
    // Restaurant A takes orders 2 days ahead: today's and tomorrow's slots are enough for the long form at any hour.
    const token = await guestToken(client, base.module);
    const times = [
      ...(await availableSlots(client, base.module, token)).slice(3),
      ...(await availableSlots(client, base.module, token, restaurantDay(1))),
    ];
    expect(times.length, "enough pickup slots today and tomorrow").toBeGreaterThanOrEqual(SLOTS);
    const shops: Shop[] = times.slice(0, SLOTS).map((slotTime) => ({ ...base, slotTime }));

    // 1. Guests race per slot, each ending its payment at random.
    const mixes = await inParallel(SLOTS, SLOTS_AT_ONCE, (i) => raceForSlot(client, shops[i]!, random));
    const count = (fate: Mix["fate"]) => mixes.flat().filter((m) => m.fate === fate).length;
    const ordered = mixes.map((slot) => slot.filter((m) => m.ordered).length);
    const abandoned = mixes.map((slot) => slot.filter((m) => m.fate === "abandon"));

    // 2. Waiting payments keep their units: a slot filled by orders and waiting payments refuses a new guest.
    const probes = await Promise.all(shops.map((shop) => tryToHold(client, shop)));
    shops.forEach((_, i) => {
      const probe = probes[i]!;
      if (ordered[i]! + abandoned[i]!.length >= CAPACITY)
        expect(probe, `slot ${i}: full with waiting payments`).toEqual({ refused: "SLOT_FULL" });
      else expect(probe, `slot ${i}: has room`).toHaveProperty("held");
      if ("held" in probe) abandoned[i]!.push({ fate: "abandon", guest: probe.held, ordered: false });
    });
    const held = abandoned.map((slot) => slot.length);

    // 3. The counters before expiry, then the abandoned payments made old enough for the sweeper.
    const beforeExpiry = await product.withDatabase(async (db) => {
      const used = [];
      for (const shop of shops) used.push(await capacityUsed(db, shop.module.capacityInstanceId, shop.slotTime));
      await ageWaitingPayments(db, 120);
      return used;
    });
    shops.forEach((_, i) => {
      expect(beforeExpiry[i], `slot ${i}: orders + waiting payments hold the counter`).toBe(ordered[i]! + held[i]!);
    });
    await untilReopened(client, abandoned.flat());

    // 4. Released units are usable again: a new guest orders in every slot with room.
    const after = await Promise.all(
      shops.map((shop, i) => (ordered[i]! < CAPACITY ? fullGuestFlow(client, shop) : null)),
    );
    after.forEach((outcome, i) => {
      if (outcome) expect(outcome, `slot ${i}: free again after expiry`).toMatchObject({ kind: "order" });
      if (outcome?.kind === "order") ordered[i]!++;
    });

    const stored = await product.inspectStopped(async (db) => ({
      used: await Promise.all(shops.map((s) => capacityUsed(db, s.module.capacityInstanceId, s.slotTime))),
      ordered: await Promise.all(shops.map((s) => orderedItems(db, s.module.capacityInstanceId, s.slotTime))),
      oversold: await oversoldSlots(db),
      held: await heldPayments(db),
      paidWithoutOrder: await paidWithoutOrderOrRefund(db),
    }));
    const total = mixes.flat().length;
    figures(
      "held-capacity",
      product,
      `${total} mixes on ${SLOTS} slots of ${CAPACITY} (seed ${seed}): ${count("approve")} approved, ${count("decline")} declined, ${count("page-cancel") + count("api-cancel")} cancelled, ${count("abandon")} abandoned→expired, ${count("never-held")} never got the slot; ${stored.oversold} oversold slots, ${stored.held} holds left`,
      startedAt,
    );
    expect(stored.oversold, "no slot counts more than its kitchen makes").toBe(0);
    expect(stored.ordered, "orders per slot as the guests were told").toEqual(ordered);
    expect(stored.used, "every counter equals its orders' items once nothing waits").toEqual(stored.ordered);
    expect(stored.held, "no payment holds units at rest").toBe(0);
    expect(stored.paidWithoutOrder, "no authorized payment without an order or a refund").toBe(0);
  });
});

/** GUESTS_PER_SLOT guests fill their checkout for the slot, then all try to pay; each ends its payment at random. */
async function raceForSlot(client: Client, shop: Shop, random: () => number): Promise<Mix[]> {
  const guests = await Promise.all(Array.from({ length: GUESTS_PER_SLOT }, () => fillCheckout(client, shop)));
  const fates = guests.map(() => FATES[Math.floor(random() * FATES.length)]!);
  const delays = guests.map(() => Array.from({ length: PAY_TRIES }, () => 50 + Math.floor(random() * 400)));
  return Promise.all(guests.map((guest, i) => mixOne(client, shop, guest, fates[i]!, delays[i]!)));
}

/** Pays (again while the slot is full, after a pause) and does `fate` with the payment once it has one. */
async function mixOne(client: Client, shop: Shop, guest: Guest, fate: Fate, delays: number[]): Promise<Mix> {
  for (const delay of delays) {
    const payment = await startPayment(client, shop, guest);
    if (payment.status === 200) return { fate, guest, ordered: await endPayment(client, guest, payment.body.id, fate) };
    if (errorCode(payment) !== "SLOT_FULL") throw new Error(`payment: ${payment.status} ${payment.text}`);
    await sleep(delay);
  }
  return { fate: "never-held", guest, ordered: false };
}

/** Whether an order came of it. */
async function endPayment(client: Client, guest: Guest, paymentId: string, fate: Fate): Promise<boolean> {
  if (fate === "abandon") return false;
  if (fate === "api-cancel") {
    const cancelled = await client.call("POST", "/api/payment/cancel", { token: guest.token, json: { paymentId } });
    if (cancelled.status !== 200) throw new Error(`cancel: ${cancelled.status} ${cancelled.text}`);
    return false;
  }
  const button = fate === "approve" ? "approve" : fate === "decline" ? "decline" : "cancel";
  const pressed = await pressButton(client, paymentId, button);
  if (pressed.status !== 303) throw new Error(`${button}: ${pressed.status} ${pressed.text}`);
  if (fate !== "approve") return false;
  const settled = await awaitSettled(client, guest);
  if (settled.state !== CheckoutState.DONE) throw new Error(`approved checkout ended in state ${settled.state}`);
  return true;
}

type Probe = { refused: string } | { held: Guest };

/** A new guest's try to get the slot: refused (SLOT_FULL when full), or a payment it leaves waiting. */
async function tryToHold(client: Client, shop: Shop): Promise<Probe> {
  const guest = await fillCheckout(client, shop).catch((error: unknown) => {
    if (error instanceof StepFailed && error.answer.status < 500) return { refused: error.code };
    throw error;
  });
  if ("refused" in guest) return guest;
  const payment = await startPayment(client, shop, guest);
  if (payment.status === 200) return { held: guest };
  if (payment.status >= 500) throw new StepFailed("payment", payment);
  return { refused: errorCode(payment) ?? `HTTP_${payment.status}` };
}

/** Waits until the sweeper has expired every abandoned payment: their checkouts are OPEN again. */
async function untilReopened(client: Client, abandoned: Mix[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (const { guest } of abandoned) {
    for (;;) {
      const view = await client.call<{ state: number }>("GET", `/api/checkout/${guest.checkoutId}`, {
        token: guest.token,
      });
      if (view.status === 200 && view.body.state === CheckoutState.OPEN) break;
      if (Date.now() > deadline) throw new Error(`checkout ${guest.checkoutId} still not reopened by the sweeper`);
      await sleep(250);
    }
  }
}

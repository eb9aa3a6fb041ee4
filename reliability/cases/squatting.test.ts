/**
 * Squatting (issue 41; decision 025): a script at one address repeats token → basket of 30 items →
 * checkout → the first free slot → discount code → payment, and never opens the payment page. Before
 * decision 025 this made all 130 slots of two days unavailable in 9.6 s and used up a 100-use code in
 * 3.5 s. Now, with the product's limits (2 unpaid payments per token, 5 per address, 30 an hour; a
 * hold whose page is not opened within 3 minutes is released):
 * - while it runs, the pickup-time list a guest reads keeps ≥ 80 % of the day's slots bookable (or loses
 *   at most the 5 the address may hold, on a day with few slots left);
 * - a real guest at another address orders with the limited code;
 * - a third unpaid payment on one token and a sixth on one address get 429 TOO_MANY_PAYMENTS with Retry-After;
 * - after it stops every slot is bookable again (long form: within 4 real minutes; short form: the
 *   waiting payments are made to look 3 minutes old through the database, as held-capacity ages them);
 * - a guest who opened the payment page keeps the hold meanwhile and pays.
 *
 * Clients send from their own loopback addresses (address-client.ts), so the product tells them apart by
 * `request.ip` as it would behind no proxy. The day measured is today while it has at least
 * MIN_SLOTS_LISTED slots left, else tomorrow (restaurant A takes orders 2 days ahead).
 */
import { afterAll, expect, test } from "vitest";
import { apiClientFrom } from "../harness/address-client";
import { type Client, errorCode, expectStatus, StepFailed } from "../harness/client";
import {
  ageWaitingPayments,
  createDiscountCode,
  discountUsageCount,
  heldPayments,
  oversoldSlots,
  paidWithoutOrderOrRefund,
  setShopSlotCapacity,
} from "../harness/database";
import {
  type FlowOutcome,
  fillCheckout,
  fullGuestFlow,
  type Guest,
  guestToken,
  listedSlots,
  openShop,
  PaymentState,
  pressButton,
  restaurantDay,
  type Shop,
  type ShopModule,
  startPayment,
} from "../harness/guest-flow";
import { type Product, sleep } from "../harness/product";
import { figures, LONG, onBothDatabases, size, start } from "../harness/suite";

const SQUAT_SECONDS = size(8, 120);
/** Each squatting payment fills one slot: the kitchen makes this many items a slot, the script orders as many. */
const SLOT_ITEMS = 30;
const PAGE_OPEN_MINUTES = 3;
const CODE = "SQUAT10";
const CODE_USES = 10;
/** A day with fewer slots left cannot show the difference between 5 held slots and all of them. */
const MIN_SLOTS_LISTED = 12;
/** After the squat stops, every slot is bookable again within this long (the issue's 4 minutes). */
const RECOVERY_MS = LONG ? 4 * 60_000 : 60_000;
const WORKERS = 4;

const ADDRESS = {
  squatter: "127.0.0.2",
  guest: "127.0.0.3",
  probe: "127.0.0.4",
  tokenCheck: "127.0.0.5",
  addressCheck: "127.0.0.6",
  keeper: "127.0.0.7",
};

type SlotView = { listed: number; available: string[] };

await onBothDatabases("squatting", (kind) => {
  let product: Product | undefined;
  afterAll(() => product?.stop());

  test(`one address squats slots and a limited code for ${SQUAT_SECONDS} s`, async () => {
    product = await start(kind, {
      prepare: async (db) => {
        await setShopSlotCapacity(db, SLOT_ITEMS);
        await createDiscountCode(db, CODE, 10_00, CODE_USES);
      },
      // The product's own limits, over the harness's high ones.
      env: {
        PAYMENTS_UNPAID_PER_TOKEN: "2",
        PAYMENTS_UNPAID_PER_ADDRESS: "5",
        PAYMENTS_PER_ADDRESS_PER_HOUR: "30",
        PAYMENT_PAGE_OPEN_MINUTES: String(PAGE_OPEN_MINUTES),
        PAYMENT_SETTLE_INTERVAL_SECONDS: LONG ? "10" : "1",
      },
    });
    const startedAt = Date.now();
    const at = (address: string) => apiClientFrom(product!.urls, address);
    const probe = at(ADDRESS.probe);
    const base = await openShop(probe);
    const probeToken = await guestToken(probe, base.module);
    const day = await measuredDay(probe, base.module, probeToken);
    const before = await slotsOf(probe, base.module, probeToken, day);
    expect(before.available.length, "every listed slot is bookable before the squat").toBe(before.listed);

    // A guest who opens the payment page (follows paymentUrl) right away: the hold must stay.
    const keeperClient = at(ADDRESS.keeper);
    const keeper = await fillCheckout(keeperClient, { ...base, slotTime: before.available.at(-1)! });
    const keeperShop = { ...base, slotTime: before.available.at(-1)! };
    const keeperPayment = await expectStatus("keeper's payment", startPayment(keeperClient, keeperShop, keeper));
    const opened = await keeperClient.call("GET", new URL(keeperPayment.paymentUrl!).pathname);
    expect(opened.status, "paymentUrl redirects to the provider's page").toBe(303);
    expect(opened.location).toContain(`/payment/test/${keeperPayment.id}`);

    // The squat, with the pickup-time list sampled and a real guest ordering with the code meanwhile.
    const stopAt = Date.now() + SQUAT_SECONDS * 1000;
    const squatter = at(ADDRESS.squatter);
    const fixedTokens = [await guestToken(squatter, base.module), await guestToken(squatter, base.module)];
    const samples: SlotView[] = [];
    const [squat, , guestOutcome] = await Promise.all([
      Promise.all(
        Array.from({ length: WORKERS }, (_, i) => squatUntil(squatter, base, day, stopAt, fixedTokens[i] ?? null)),
      ).then(mergeTallies),
      (async () => {
        while (Date.now() < stopAt) {
          samples.push(await slotsOf(probe, base.module, probeToken, day));
          await sleep(500);
        }
      })(),
      (async (): Promise<FlowOutcome> => {
        await sleep((SQUAT_SECONDS * 1000) / 2);
        return realGuest(at(ADDRESS.guest), base, day);
      })(),
    ]);
    const worst = samples.reduce((low, s) =>
      s.available.length / s.listed < low.available.length / low.listed ? s : low,
    );
    const lost = worst.listed - worst.available.length;

    // The limits, while the squat's payments still hold: a third on one token, a sixth on one address.
    const tokenCheck = await thirdOnOneToken(at(ADDRESS.tokenCheck), base, day);
    const addressCheck = await sixthOnOneAddress(at(ADDRESS.addressCheck), base, day);

    // Recovery: every slot bookable again.
    const stoppedAt = Date.now();
    if (!LONG) await product.withDatabase((db) => ageWaitingPayments(db, PAGE_OPEN_MINUTES));
    let after = await slotsOf(probe, base.module, probeToken, day);
    while (after.available.length < after.listed && Date.now() - stoppedAt < RECOVERY_MS) {
      await sleep(1000);
      after = await slotsOf(probe, base.module, probeToken, day);
    }
    const recoveredSeconds = ((Date.now() - stoppedAt) / 1000).toFixed(0);
    // Every payment the squat started has been cancelled (a held slot may also have left the list as time passed).
    let stillWaiting = await waitingOf(probe, squat.started);
    while (stillWaiting > 0 && Date.now() - stoppedAt < RECOVERY_MS) {
      await sleep(1000);
      stillWaiting = await waitingOf(probe, squat.started);
    }

    // The keeper's payment is still waiting (its page was opened) and can be paid.
    const keeperNow = await expectStatus<{ state: number }>(
      "keeper's payment now",
      keeperClient.call("GET", `/api/payment/checkout/${keeper.checkoutId}`, { token: keeper.token }),
    );
    const keeperApproved = await pressButton(keeperClient, keeperPayment.id, "approve");

    const stored = await product.inspectStopped(async (db) => ({
      held: await heldPayments(db),
      oversold: await oversoldSlots(db),
      paidWithoutOrder: await paidWithoutOrderOrRefund(db),
      codeUses: await discountUsageCount(db, CODE),
    }));

    figures(
      "squatting",
      product,
      `squat ${SQUAT_SECONDS} s from 1 address (${WORKERS} workers, 2 fixed tokens): ${squat.attempts} tries, ` +
        `${squat.counts.get("200") ?? 0} payments, ${squat.counts.get("429 TOO_MANY_PAYMENTS") ?? 0} × 429, ` +
        `${
          [...squat.counts]
            .filter(([k]) => k !== "200" && k !== "429 TOO_MANY_PAYMENTS")
            .map(([k, n]) => `${n} ${k}`)
            .join(", ") || "nothing else"
        }; ` +
        `slots on ${day}: ${before.available.length}/${before.listed} bookable before, worst ${worst.available.length}/${worst.listed} ` +
        `during (${samples.length} samples), ${after.available.length}/${after.listed} ${recoveredSeconds} s after the stop` +
        `${LONG ? "" : " (payments aged 3 min)"}; real guest with ${CODE}: ${guestOutcome.kind}; ` +
        `3rd on a token ${tokenCheck.status} Retry-After ${tokenCheck.retryAfter}, 6th on an address ${addressCheck.status} ` +
        `Retry-After ${addressCheck.retryAfter}; opened page kept: state ${keeperNow.state}, approve ${keeperApproved.status}`,
      startedAt,
    );

    expect(squat.errors, "the squat got no 5xx or network failure").toEqual([]);
    expect(squat.counts.get("429 TOO_MANY_PAYMENTS") ?? 0, "the squat is refused").toBeGreaterThan(0);
    expect(
      worst.available.length >= 0.8 * worst.listed || lost <= 5,
      `≥ 80 % of the slots bookable (or at most 5 held): worst ${worst.available.length}/${worst.listed}`,
    ).toBe(true);
    expect(guestOutcome, `a real guest orders with the limited code: ${JSON.stringify(guestOutcome)}`).toMatchObject({
      kind: "order",
    });
    expect(tokenCheck, "a third unpaid payment on one token").toMatchObject({ status: 429, code: "TOO_MANY_PAYMENTS" });
    expect(Number(tokenCheck.retryAfter)).toBeGreaterThan(0);
    expect(addressCheck, "a sixth unpaid payment on one address").toMatchObject({
      status: 429,
      code: "TOO_MANY_PAYMENTS",
    });
    expect(Number(addressCheck.retryAfter)).toBeGreaterThan(0);
    expect(after.available.length, `every slot bookable within ${RECOVERY_MS / 1000} s after the stop`).toBe(
      after.listed,
    );
    expect(stillWaiting, "every squatting payment was cancelled").toBe(0);
    expect(keeperNow.state, "the opened payment still holds").toBe(PaymentState.CREATED);
    expect(keeperApproved.status, "and is paid").toBe(303);
    expect(stored.held, "nothing left holding").toBe(0);
    expect(stored.oversold).toBe(0);
    expect(stored.paidWithoutOrder).toBe(0);
    expect(stored.codeUses, "the code's uses are the real guest's order").toBe(1);
  });
});

/**
 * A guest orders with the code in a slot the list shows free, and picks another when told the time is no
 * longer available (the storefront clears the time and reads the list again): the squat may take the slot
 * between the guest's read and choice.
 */
async function realGuest(client: Client, base: Shop, day: string): Promise<FlowOutcome> {
  let outcome: FlowOutcome = { kind: "error", step: "slots", detail: "no free slot" };
  for (let tries = 0; tries < 3; tries++) {
    const free = await slotsOf(client, base.module, await guestToken(client, base.module), day);
    const slotTime = free.available.at(-1);
    if (!slotTime) return outcome;
    outcome = await fullGuestFlow(client, { ...base, slotTime }, { discountCode: CODE });
    if (!(outcome.kind === "refused" && outcome.code === "SLOT_FULL")) return outcome;
  }
  return outcome;
}

/** Today while it has enough slots left to measure, else tomorrow. */
async function measuredDay(client: Client, module: ShopModule, token: string): Promise<string> {
  const today = await slotsOf(client, module, token, restaurantDay(0));
  return today.listed >= MIN_SLOTS_LISTED ? restaurantDay(0) : restaurantDay(1);
}

/** The day's pickup times as a guest reads them (SPEC §7, a 1-item basket): how many, and which are bookable. */
async function slotsOf(client: Client, module: ShopModule, token: string, date: string): Promise<SlotView> {
  const slots = await listedSlots(client, module, token, date);
  return { listed: slots.length, available: slots.filter((slot) => slot.isAvailable).map((slot) => slot.time) };
}

type SquatTally = { attempts: number; counts: Map<string, number>; errors: string[]; started: Guest[] };

/**
 * The squat script: a full basket in the first free slot with the code, a payment started and never opened,
 * again and again until `stopAt`. With `fixedToken` every payment is started with that one token (the
 * basket and checkout with fresh ones); without, each with its own.
 */
async function squatUntil(
  client: Client,
  base: Shop,
  day: string,
  stopAt: number,
  fixedToken: string | null,
): Promise<SquatTally> {
  const tally: SquatTally = { attempts: 0, counts: new Map(), errors: [], started: [] };
  const count = (key: string) => tally.counts.set(key, (tally.counts.get(key) ?? 0) + 1);
  const token = await guestToken(client, base.module);
  while (Date.now() < stopAt) {
    tally.attempts++;
    try {
      const free = await slotsOf(client, base.module, token, day);
      const slotTime = free.available[0];
      if (!slotTime) {
        count("no free slot");
        continue;
      }
      const shop = { ...base, slotTime };
      const guest = await fillCheckout(client, shop, { items: SLOT_ITEMS, discountCode: CODE });
      const payer: Guest = fixedToken ? { token: fixedToken, checkoutId: guest.checkoutId } : guest;
      const started = await startPayment(client, shop, payer);
      count(started.status === 200 ? "200" : `${started.status} ${errorCode(started)}`);
      if (started.status === 200) tally.started.push(payer);
      if (started.status >= 500) tally.errors.push(`payment: ${started.status} ${started.text.slice(0, 200)}`);
    } catch (error) {
      if (error instanceof StepFailed && error.answer.status < 500) count(`${error.step}: ${error.code}`);
      else tally.errors.push(String(error));
    }
  }
  return tally;
}

function mergeTallies(tallies: SquatTally[]): SquatTally {
  const merged: SquatTally = { attempts: 0, counts: new Map(), errors: [], started: [] };
  for (const tally of tallies) {
    merged.attempts += tally.attempts;
    merged.started.push(...tally.started);
    merged.errors.push(...tally.errors);
    for (const [key, n] of tally.counts) merged.counts.set(key, (merged.counts.get(key) ?? 0) + n);
  }
  return merged;
}

/** How many of the guests' payments are still waiting (CREATED). */
async function waitingOf(client: Client, guests: Guest[]): Promise<number> {
  let waiting = 0;
  for (const guest of guests) {
    const payment = await expectStatus<{ state: number }>(
      "payment",
      client.call("GET", `/api/payment/checkout/${guest.checkoutId}`, { token: guest.token }),
    );
    if (payment.state === PaymentState.CREATED) waiting++;
  }
  return waiting;
}

/** The guest gives up on its payment (POST /payment/cancel), as the storefront's cancel button does. */
async function cancelPayment(client: Client, token: string, paymentId: string): Promise<void> {
  await expectStatus("cancel", client.call("POST", "/api/payment/cancel", { token, json: { paymentId } }));
}

type Refusal = { status: number; code: string | undefined; retryAfter: string | null };

/** Three checkouts (1 item each) paid with one token: the third answer. */
async function thirdOnOneToken(client: Client, base: Shop, day: string): Promise<Refusal> {
  const shop = await oneItemShop(client, base, day);
  const guests = [await fillCheckout(client, shop), await fillCheckout(client, shop), await fillCheckout(client, shop)];
  const token = guests[0]!.token;
  const answers = [];
  for (const guest of guests) answers.push(await startPayment(client, shop, { token, checkoutId: guest.checkoutId }));
  expect(answers.slice(0, 2).map((a) => a.status)).toEqual([200, 200]);
  for (const answer of answers.slice(0, 2)) await cancelPayment(client, token, (answer.body as { id: string }).id);
  const third = answers[2]!;
  return { status: third.status, code: errorCode(third), retryAfter: third.retryAfter };
}

/** Six guests (own tokens, 1 item each) at one address: the sixth answer. */
async function sixthOnOneAddress(client: Client, base: Shop, day: string): Promise<Refusal> {
  const shop = await oneItemShop(client, base, day);
  const answers = [];
  const guests: Guest[] = [];
  for (let i = 0; i < 6; i++) {
    guests.push(await fillCheckout(client, shop));
    answers.push(await startPayment(client, shop, guests[i]!));
  }
  expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
  for (let i = 0; i < 5; i++) await cancelPayment(client, guests[i]!.token, (answers[i]!.body as { id: string }).id);
  const sixth = answers[5]!;
  return { status: sixth.status, code: errorCode(sixth), retryAfter: sixth.retryAfter };
}

/** The shop with a slot still free for 1-item baskets. */
async function oneItemShop(client: Client, base: Shop, day: string): Promise<Shop> {
  const free = await slotsOf(client, base.module, await guestToken(client, base.module), day);
  return { ...base, slotTime: free.available.at(-1)! };
}

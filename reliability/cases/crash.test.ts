/**
 * Case 7, crash (issue 11): guests order while an API process is killed (SIGKILL of the real server
 * process) at a random moment and started again, cycle after cycle. Guests behave like real clients
 * after a connection error: they repeat the identical Pay, press Approve again on a reloaded page,
 * call finalize, and poll until their checkout is DONE. Then:
 * - every restart comes up by itself (PGlite: the killed process's stale DATA_DIR lock is taken over);
 * - every order a guest was told about (DONE with its orderId) is stored, with that id and receipt number;
 * - no checkout has two orders or two charges, no receipt number is given twice;
 * - once the sweeper has settled what the killed processes left (PAYMENT_EXPIRY_MINUTES=1, an interval
 *   of 1 s, and its one-minute grace for paid checkouts without an order), nothing is held, and capacity
 *   usage, the discount code's usage count and the gift card's balance equal a recomputation from the orders.
 * PGlite also: a second server started on the running one's DATA_DIR is refused with the lock's message
 * and exits 1, and the running one keeps its data. PostgreSQL also: the database server shut down
 * immediately mid-flow (a private cluster, never the shared one) → requests answer 503 in the errors
 * shape, never hang or 500; /api/ready says not ready; once it is back the same processes serve again.
 */
import { existsSync } from "node:fs";
import { afterAll, expect, test } from "vitest";
import { type Answer, apiClient, type Client, errorCode, expectStatus, StepFailed } from "../harness/client";
import { createDiscountCode, createGiftcard, setShopSlotCapacity } from "../harness/database";
import {
  CheckoutState,
  type CheckoutView,
  fillCheckout,
  fullGuestFlow,
  type Guest,
  openShop,
  PaymentState,
  payAndApprove,
  pressButton,
  type Shop,
  startPayment,
} from "../harness/guest-flow";
import { type PrivatePostgres, privatePostgresProblem, startPrivatePostgres } from "../harness/private-postgres";
import { freePort, type Product, sleep, spawnServer, startProduct } from "../harness/product";
import { seededRandom, suiteSeed } from "../harness/random";
import {
  capacityMismatches,
  discountMismatches,
  duplicates,
  giftcardRecount,
  ordersByCheckout,
  unsettledCheckouts,
} from "../harness/recount";
import { figures, inParallel, onBothDatabases, PG_PROCESSES, size, start } from "../harness/suite";

// Inside npm test two kills (each a restart and a recount); the long form, fifty.
const KILLS = size(2, 50);
const GUESTS_AT_ONCE = 5;
const CARD = "RELIABILITY-CRASH-CARD";
const CARD_MINOR = 1_000_000_00;
const CARD_DRAW_DKK = 20;
const CODE = "RELIABILITY-CRASH-10";
/** Sweeper settings that let the killed processes' leftovers settle within the case. */
const SETTLE_ENV = { PAYMENT_SETTLE_INTERVAL_SECONDS: "1", PAYMENT_EXPIRY_MINUTES: "1" };
/** How long a guest keeps retrying after connection errors (a restart on a loaded machine takes a while). */
const GUEST_PATIENCE_MS = 180_000;
/** Expiry (1 min) and the sweeper's grace for paid checkouts (1 min) plus passes and slack. */
const SETTLE_TIMEOUT_MS = 150_000;

/** One guest's flow as the case saw it. */
type Flow = {
  guest: Guest | null;
  /** The order the guest was told about (DONE with its id, receipt number read from GET /order). */
  told: { orderId: string; receiptNumber: number | null } | null;
  /** Connection errors the guest met and retried. */
  retries: number;
  ending: "order" | "refused" | "error";
  detail?: string;
};

await onBothDatabases("crash", (kind) => {
  let product: Product | undefined;
  afterAll(() => product?.stop());

  test(`${KILLS} kills (SIGKILL) of an API process mid-flow, each followed by a restart`, async () => {
    const seed = suiteSeed();
    const random = seededRandom(seed);
    product = await start(kind, {
      prepare: async (db) => {
        await setShopSlotCapacity(db, 100_000);
        await createGiftcard(db, CARD, CARD_MINOR);
        await createDiscountCode(db, CODE, 10_00, 100_000);
      },
      env: SETTLE_ENV,
    });
    const running = product;
    const startedAt = Date.now();
    const client = apiClient(running.urls);
    const shop = await openShop(client);

    if (kind === "pglite") await secondServerIsRefused(running);

    const flows: Flow[] = [];
    const restartMs: number[] = [];
    for (let cycle = 0; cycle < KILLS; cycle++) {
      let stop = false;
      const guests = Array.from({ length: GUESTS_AT_ONCE }, async () => {
        while (!stop) flows.push(await crashFlow(client, shop, random));
      });
      await sleep(300 + random() * 2_700);
      const victim = Math.floor(random() * running.urls.length);
      await running.kill(victim);
      if (kind === "pglite") {
        // The killed server could not release its lock: the restart has a stale one to take over.
        const lock = `${running.environment(victim).DATA_DIR}/pglite.lock`;
        expect(existsSync(lock), `a SIGKILLed server leaves its lock ${lock}`).toBe(true);
      }
      const restartStarted = Date.now();
      await running.restart(victim); // throws unless /api/ready answers 200 again: no manual repair
      restartMs.push(Date.now() - restartStarted);
      stop = true;
      await Promise.all(guests);
    }

    const settled = await untilSettled(client, flows);
    const stored = await running.inspectStopped(async (db) => ({
      orders: await ordersByCheckout(db),
      duplicates: await duplicates(db),
      capacity: await capacityMismatches(db),
      discounts: await discountMismatches(db),
      card: await giftcardRecount(db, CARD, CARD_MINOR),
      unsettled: await unsettledCheckouts(db),
    }));

    const told = flows.filter((f) => f.told);
    const lost = told.filter((f) => stored.orders.get(f.guest!.checkoutId)?.orderId !== f.told!.orderId);
    const renumbered = told.filter(
      (f) =>
        f.told!.receiptNumber !== null &&
        stored.orders.get(f.guest!.checkoutId)?.receiptNumber !== f.told!.receiptNumber,
    );
    const errors = flows.filter((f) => f.ending === "error");
    const refused = flows.filter((f) => f.ending === "refused");
    const dupes =
      stored.duplicates.ordersPerCheckout + stored.duplicates.receiptNumbers + stored.duplicates.chargedTwice;
    const countersMatch =
      stored.capacity.length === 0 &&
      stored.discounts.length === 0 &&
      stored.card.balanceMinor === stored.card.byOrdersMinor &&
      stored.card.balanceMinor === stored.card.byLedgerMinor;
    const averageRestart = restartMs.reduce((a, b) => a + b, 0) / restartMs.length / 1000;
    figures(
      "crash",
      running,
      `${KILLS} kills (seed ${seed}, restart ${averageRestart.toFixed(1)} s on average), ${flows.length} flows, ${told.length} acknowledged orders, ${lost.length} lost, ${dupes} duplicates, ${flows.reduce((n, f) => n + f.retries, 0)} client retries, ${settled} left to the sweeper, ${refused.length} refused, ${errors.length} errors, counters ${countersMatch ? "match" : "DIFFER"}`,
      startedAt,
    );

    expect(
      errors.map((f) => f.detail),
      "no 5xx, no guest stuck or given up",
    ).toEqual([]);
    expect(
      refused.map((f) => f.detail),
      "nothing here is a reason to refuse a guest",
    ).toEqual([]);
    expect(told.length, "guests were told about orders at all").toBeGreaterThan(0);
    expect(
      lost.map((f) => f.guest!.checkoutId),
      "every acknowledged order is stored, with the id told",
    ).toEqual([]);
    expect(
      renumbered.map((f) => f.guest!.checkoutId),
      "with the receipt number told",
    ).toEqual([]);
    expect(stored.duplicates, "no second order, receipt number or charge after retries").toEqual({
      ordersPerCheckout: 0,
      receiptNumbers: 0,
      chargedTwice: 0,
    });
    expect(stored.unsettled, "the sweeper settled every paid or waiting checkout").toBe(0);
    expect(stored.card.heldWithoutOrderMinor, "no gift-card money held without an order").toBe(0);
    expect(stored.capacity, "capacity usage = the orders' items").toEqual([]);
    expect(stored.discounts, "the code's usage count = its orders").toEqual([]);
    expect(stored.card.balanceMinor, "the card's balance = its start − what its orders paid").toBe(
      stored.card.byOrdersMinor,
    );
    expect(stored.card.balanceMinor, "the card's ledger adds up to its balance").toBe(stored.card.byLedgerMinor);
  });

  if (kind === "pg") databaseOutageTest();
});

/**
 * One guest: fills a checkout (some with the gift card, some with the code, 1–2 items), pays by card and
 * approves, and gets to the order however the crash falls, as a real client would.
 */
async function crashFlow(client: Client, shop: Shop, random: () => number): Promise<Flow> {
  const flow: Flow = { guest: null, told: null, retries: 0, ending: "error" };
  const deadline = Date.now() + GUEST_PATIENCE_MS;
  /** `step` again after a connection error (the process was killed), until the guest's patience ends. */
  const retrying = async <T>(step: () => Promise<T>): Promise<T> => {
    for (;;) {
      try {
        return await step();
      } catch (error) {
        if (error instanceof StepFailed || Date.now() > deadline) throw error;
        flow.retries++;
        await sleep(200);
      }
    }
  };
  try {
    const pick = random();
    const options = {
      items: 1 + Math.floor(random() * 2),
      ...(pick < 0.35 ? { giftcard: { code: CARD, amount: CARD_DRAW_DKK } } : {}),
      ...(pick > 0.65 ? { discountCode: CODE } : {}),
    };
    // A connection error while filling: the guest starts again (nothing is paid or held yet).
    const guest = await retrying(() => fillCheckout(client, shop, options));
    flow.guest = guest;
    // The identical Pay again: the product answers the same attempt.
    const payment = await retrying(() => expectStatus("payment", startPayment(client, shop, guest)));
    let approved = payment.state !== PaymentState.CREATED;
    let hadConnectionError = flow.retries > 0;
    while (!flow.told) {
      if (Date.now() > deadline) throw new Error(`checkout ${guest.checkoutId} not DONE after ${GUEST_PATIENCE_MS} ms`);
      if (!approved) {
        // Reload the hosted page and press Approve (again): 303 approved now, 409 it already was.
        const pressed = await pressAgain(client, payment.id);
        if (pressed === "connection-error") {
          flow.retries++;
          hadConnectionError = true;
          await sleep(200);
          continue;
        }
        approved = true;
      }
      const view = await answerOrConnectionError(
        hadConnectionError
          ? // After a connection error the client asks for the order itself.
            finalizeOrRead(client, guest)
          : client.call<CheckoutView>("GET", `/api/checkout/${guest.checkoutId}`, { token: guest.token }),
      );
      if (view === "connection-error") {
        flow.retries++;
        hadConnectionError = true;
        await sleep(200);
        continue;
      }
      if (view.state === CheckoutState.DONE && view.orderId) flow.told = { orderId: view.orderId, receiptNumber: null };
      else if (view.state === CheckoutState.ERROR) throw new Error(`checkout ${guest.checkoutId} ended in ERROR`);
      else if (view.payment?.state === PaymentState.CREATED) approved = false;
      else await sleep(150);
    }
    const orderId = flow.told.orderId;
    const order = await retrying(() =>
      expectStatus<{ receipt: { number: number } }>(
        "order",
        client.call("GET", `/api/order/${orderId}`, { token: guest.token }),
      ),
    );
    flow.told.receiptNumber = order.receipt.number;
    flow.ending = "order";
  } catch (error) {
    const failed = error instanceof StepFailed ? error : null;
    flow.ending = failed && failed.answer.status < 500 ? "refused" : "error";
    flow.detail = `${flow.guest?.checkoutId ?? "no checkout"}: ${String(error)}`;
  }
  return flow;
}

/** The hosted page reloaded and Approve pressed: 303 (approved now) and 409 (already moved) both go on. */
async function pressAgain(client: Client, paymentId: string): Promise<"pressed" | "connection-error"> {
  try {
    const pressed = await pressButton(client, paymentId, "approve");
    if (pressed.status === 303 || pressed.status === 409) return "pressed";
    throw new StepFailed("approve", pressed);
  } catch (error) {
    if (!(error instanceof StepFailed)) return "connection-error";
    // A page that no longer offers its buttons: the payment moved already (the press before the kill landed).
    if (error.step.startsWith("hosted page") && error.answer.status < 500) return "pressed";
    throw error;
  }
}

/** POST finalize (the order, however it came about); a payment not yet approved answers the checkout as it is. */
async function finalizeOrRead(client: Client, guest: Guest): Promise<Answer<CheckoutView>> {
  const finalized = await client.call<CheckoutView>("POST", `/api/checkout/${guest.checkoutId}/finalize`, {
    token: guest.token,
  });
  if (finalized.status === 200 || finalized.status >= 500) return finalized;
  return client.call<CheckoutView>("GET", `/api/checkout/${guest.checkoutId}`, { token: guest.token });
}

async function answerOrConnectionError<T>(answering: Promise<Answer<T>>): Promise<T | "connection-error"> {
  let answer: Answer<T>;
  try {
    answer = await answering;
  } catch {
    return "connection-error";
  }
  if (answer.status !== 200) throw new StepFailed("checkout", answer);
  return answer.body;
}

/**
 * Waits until no checkout of the case waits or is paid without its order: the sweeper expires the
 * payments of guests who gave up and places the orders the killed processes did not. Answers how many
 * checkouts it waited for.
 */
async function untilSettled(client: Client, flows: Flow[]): Promise<number> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  const open = flows.filter((f) => f.guest && f.ending !== "order").map((f) => f.guest!);
  let pending = open;
  while (pending.length > 0) {
    const views = await Promise.all(
      pending.map((guest) =>
        client
          .call<CheckoutView>("GET", `/api/checkout/${guest.checkoutId}`, { token: guest.token })
          .then((answer) => ({ guest, state: answer.body?.state })),
      ),
    );
    pending = views
      .filter((v) => v.state === CheckoutState.PENDING || v.state === CheckoutState.FINALIZING)
      .map((v) => v.guest);
    if (pending.length === 0) break;
    if (Date.now() > deadline) throw new Error(`${pending.length} checkouts still unsettled by the sweeper`);
    await sleep(1000);
  }
  return open.length;
}

/** PGlite: a second server on the running one's DATA_DIR must exit 1 with the lock's message, and change nothing. */
async function secondServerIsRefused(product: Product): Promise<void> {
  const client = apiClient(product.urls);
  const shop = await openShop(client);
  const guest = await fillCheckout(client, shop);
  const before = await payAndApprove(client, shop, guest);
  if (before.kind !== "order") throw new Error(`no order before the second server: ${JSON.stringify(before)}`);
  const intruder = spawnServer({ ...product.environment(0), PORT: String(await freePort()) });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  intruder.stdout?.on("data", keep);
  intruder.stderr?.on("data", keep);
  const exitCode = await new Promise<number | string>((resolve) => {
    const timer = setTimeout(() => {
      intruder.kill("SIGKILL");
      resolve("still running after 90 s");
    }, 90_000);
    intruder.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? String(signal));
    });
  });
  expect(exitCode, `a second server on the DATA_DIR exits 1:\n${output}`).toBe(1);
  expect(output, "it names the running process").toContain(`is in use by process ${product.pid(0)}`);
  expect(output, "one line, no stack").not.toMatch(/\n\s+at /);
  // The running server is untouched: still ready, with the order it had.
  expect(await readyStatus(product.urls[0]!), "the running server is still ready").toBe(200);
  const order = await expectStatus<{ receipt: { number: number } }>(
    "order after the second server",
    client.call("GET", `/api/order/${before.orderId}`, { token: guest.token }),
  );
  expect(order.receipt.number, "the order kept its receipt number").toBe(before.receiptNumber);
}

async function readyStatus(url: string): Promise<number | "no answer"> {
  try {
    const res = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return "no answer";
  }
}

/** PostgreSQL shut down immediately under the running processes, then started again. */
function databaseOutageTest(): void {
  const problem = privatePostgresProblem();
  if (problem) {
    console.warn(
      `\n${"!".repeat(78)}\n!! crash: the database-outage sub-case is SKIPPED: ${problem}\n${"!".repeat(78)}\n`,
    );
    test.skip(`database server shut down mid-flow: SKIPPED, ${problem}`, () => {});
    return;
  }
  let server: PrivatePostgres | undefined;
  let product: Product | undefined;
  /** Answers of requests made while the database was down that were not 200. */
  let downAnswers: Answer[] | undefined;
  afterAll(async () => {
    try {
      await product?.stop();
    } finally {
      server?.destroy();
    }
  });

  test("the database server shut down immediately mid-flow: no hang, no crash, not ready, back by itself", async () => {
    server = await startPrivatePostgres();
    product = await startProduct({ kind: "pg", processes: PG_PROCESSES, postgresServerUrl: server.url });
    const running = product;
    const startedAt = Date.now();
    const client = apiClient(running.urls);
    const shop = await openShop(client);
    const pids = running.urls.map((_, i) => running.pid(i));

    // Guests mid-flow: filled checkouts whose Pay is under way (transactions open) when the server goes.
    const ready = await Promise.all(Array.from({ length: 8 }, () => fillCheckout(client, shop)));
    const during: Answer[] = [];
    const noAnswer: string[] = [];
    const watch = (path: string, token?: string) =>
      withTimeout(client.call("GET", path, { token }), 15_000).then(
        (answer) => (answer === "timeout" ? noAnswer.push(`${path}: no answer in 15 s`) : during.push(answer)),
        (error) => noAnswer.push(`${path}: ${error}`),
      );
    const inFlight = ready.map((guest) =>
      startPayment(client, shop, guest).then(
        (answer) => during.push(answer),
        (error) => noAnswer.push(`payment: ${error}`),
      ),
    );
    server.stopImmediately();
    await Promise.all(inFlight);

    // While it is down: every call answers at once, without the driver's words.
    const guest = ready[0]!;
    await Promise.all(
      running.urls.flatMap(() => [
        watch("/api/basket", guest.token),
        watch(`/api/checkout/${guest.checkoutId}`, guest.token),
        watch("/api/module/domain/localhost"),
      ]),
    );
    downAnswers = during.filter((a) => a.status !== 200);
    const readiness = await Promise.all(running.urls.map((url) => readyStatus(url)));
    const alive = running.urls.map((_, i) => running.pid(i));

    server.start();
    const backAfterMs = await untilServing(client, running.urls.length);
    const after = await inParallel(4, 4, () => fullGuestFlow(client, shop));

    const statuses = tallyStatuses(downAnswers);
    figures(
      "crash",
      running,
      `database shut down immediately mid-flow: ${during.length} answers while down (${statuses}), ${noAnswer.length} without answer, ready ${readiness.join("/")}, ${alive.filter(Boolean).length}/${pids.length} processes alive, serving again ${(backAfterMs / 1000).toFixed(1)} s after the database, ${after.filter((o) => o.kind === "order").length}/4 orders after`,
      startedAt,
    );
    expect(alive, "no process died with the database (an unhandled pg client error)").toEqual(pids);
    expect(noAnswer, "every request answered while the database is down, none hangs").toEqual([]);
    expect(downAnswers.length, "requests reached a process while the database was down").toBeGreaterThan(0);
    expect(
      downAnswers.filter((a) => !inErrorsShape(a)).map((a) => `${a.status} ${a.text.slice(0, 300)}`),
      "a 5xx in the errors shape, with no stack or driver message",
    ).toEqual([]);
    expect(readiness, "GET /api/ready says not ready on every process").toEqual(running.urls.map(() => 503));
    expect(
      after.map((o) => o.kind),
      "guests order again without restarting the API",
    ).toEqual(after.map(() => "order"));
    expect(
      running.urls.map((_, i) => running.pid(i)),
      "the same processes: none crashed or was restarted",
    ).toEqual(pids);
  });

  // A database that does not answer is 503 DATABASE_UNAVAILABLE with Retry-After (try again), not a 500 INTERNAL
  // (a bug to report): found by this case, fixed in apps/api/src/plugins/error-handler.ts (@app/db isDatabaseUnavailable).
  test("requests while the database is down answer 503 DATABASE_UNAVAILABLE with Retry-After", () => {
    if (!downAnswers) throw new Error("the outage above did not run");
    expect(downAnswers.map((a) => `${a.status} ${errorCode(a)}`)).toEqual(
      downAnswers.map(() => "503 DATABASE_UNAVAILABLE"),
    );
    expect(downAnswers.filter((a) => !a.retryAfter)).toEqual([]);
  });
}

function tallyStatuses(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const key = `${a.status}${(a.body as { errors?: { code?: string }[] })?.errors?.[0]?.code ? ` ${(a.body as { errors: { code: string }[] }).errors[0]!.code}` : ""}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n}× ${k}`).join(", ") || "none";
}

/** A 5xx with `{ errors: [{ code, message }], traceId? }` and nothing else (no stack, no driver message). */
function inErrorsShape(answer: Answer): boolean {
  if (answer.status < 500) return false;
  const body = answer.body as { errors?: { code?: unknown; message?: unknown }[]; traceId?: unknown } | undefined;
  const keys = Object.keys(body ?? {}).filter((k) => k !== "errors" && k !== "traceId");
  return (
    keys.length === 0 &&
    Array.isArray(body?.errors) &&
    body.errors.length > 0 &&
    body.errors.every((e) => typeof e.code === "string" && typeof e.message === "string") &&
    !/\bat .+:\d+:\d+/.test(answer.text) &&
    !/ECONNREFUSED|terminat|postgres|select /i.test(answer.text)
  );
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | "timeout"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Milliseconds until every process is ready again and a guest's first calls succeed. */
async function untilServing(client: Client, processes: number): Promise<number> {
  const since = Date.now();
  const deadline = since + 60_000;
  for (;;) {
    const readiness = await Promise.all(client.urls.map((url) => readyStatus(url)));
    if (readiness.every((s) => s === 200)) {
      const answers = await Promise.all(
        Array.from({ length: processes }, () => client.call("GET", "/api/module/domain/localhost")),
      );
      if (answers.every((a) => a.status === 200)) return Date.now() - since;
    }
    if (Date.now() > deadline) throw new Error(`not serving 60 s after the database came back: ${readiness.join("/")}`);
    await sleep(250);
  }
}

/**
 * POST /checkout/{id}/payment: starts paying a checkout.
 *
 * One transaction, with the checkout row locked, so requests for one checkout queue on every
 * database. A waiting (CREATED) attempt that asks for exactly the same (method, amounts, URLs,
 * receipt email) is answered again as it is: a double click or a retry gets the same payment and
 * hosted page, also while the first request is still starting it at the provider (then the
 * provider is asked again for the same payment id, which it answers idempotently). Any other
 * waiting attempt is released (cancelled, everything it holds given back). The checkout is
 * validated — including that its pickup time is still offered — and an applied discount code that
 * was used up or switched off meanwhile is refused (422 Discount.Invalid), never dropped; the total
 * is recomputed. An online payment still to be paid counts against the client's limits on unpaid payments
 * (per token and per address, 429 TOO_MANY_PAYMENTS: unpaid-limits.ts); a replaced one no longer counts.
 * Then the attempt **holds** the slot's kitchen units (409 SLOT_FULL when they no
 * longer fit) and one use of each applied code (attempt-holds.ts), every applied gift card is drawn
 * with a conditional update (never below 0; a card that no longer covers its amount is 409
 * Giftcard.Generic), and the rest becomes one payment: nothing (gift cards paid everything), UNPAID
 * (pay at pickup, created AUTHORIZED: nothing is left to wait for) or ONLINE at the module's
 * provider (CREATED). Any refusal rolls everything back: nothing is held, drawn or charged. All rows
 * share the checkout's next attempt number. The checkout becomes PENDING.
 *
 * After the commit: a settled attempt (pay at pickup, gift cards only) places its order right away
 * (finalize, which keeps the holds; a permanent failure closes the checkout, which the order page
 * sees); an online one is created at the provider, with no lock held. If the attempt was replaced
 * or cancelled meanwhile, the provider's payment is voided and the answer is 409 PAYMENT_REPLACED;
 * if the provider fails, the attempt is cancelled again (503).
 */
import type { AppSettings, CreatePaymentQuery, LanguageCode, Payment, PaymentMethod } from "@app/contracts";
import type { Executor } from "@app/db";
import {
  CheckoutState,
  capGiftcardAmounts,
  PaymentState,
  PaymentType,
  summarizeBasket,
  validateGuestInformation,
} from "@app/domain";
import type { PaymentLimits } from "../../config";
import type { Deps } from "../../deps";
import { AppError, conflict, notFound, unprocessable } from "../../errors";
import { lockBasket } from "../basket";
import {
  type CheckoutRow,
  checkoutLines,
  findAppliedDiscounts,
  findCheckoutGiftcards,
  findTimeZone,
  loadOwnCheckout,
  readCheckoutMoney,
  setCheckoutState,
  settleCheckoutMoney,
} from "../checkout";
import { checkReadyTime, refuseBelowDeliveryMinimum } from "../delivery";
import { getModuleSettings } from "../settings";
import { findModuleHosts, requireOwnModule } from "../tenancy";
import { refuseWhilePaused } from "../warehouse";
import { type CapacityHold, refuseUnusableDiscounts, takeHolds } from "./attempt-holds";
import { chooseProvider } from "./choose-provider";
import type { OnlineMethod, PaymentProvider, PaymentRow } from "./providers/provider";
import { checkRedirectUrl } from "./redirect-url";
import {
  afterRelease,
  endWaitingPayment,
  type ReleasedAttempt,
  releaseAttempt,
  voidAtProvider,
} from "./release-attempt";
import {
  findLivePayments,
  findPayment,
  findRestaurantName,
  insertGiftcardTransaction,
  insertPayment,
  markPaymentOpened,
  type NewPayment,
  nextAttemptNumber,
  storeProviderReference,
  tryDrawGiftcard,
} from "./repository";
import { finalizeSettled } from "./settle-payments";
import { toPaymentJson } from "./to-payment-json";
import { type PaymentClient, refuseOverLimits, serializeClient } from "./unpaid-limits";

export type CreatePaymentInput = {
  checkoutId: string;
  productionUnitId: number;
  query: CreatePaymentQuery;
  apiBaseUrl: string;
  /** Who asks: an unpaid online payment counts against its token and address (unpaid-limits.ts). */
  client: PaymentClient;
};

/** What the rest of the total (after gift cards) becomes. */
type Plan = { kind: "pickup" } | { kind: "online"; methods: OnlineMethod[] } | { kind: "none-allowed" };

/** Everything that decides an attempt besides the checkout itself. */
type AttemptRequest = {
  plan: Plan;
  provider: PaymentProvider | undefined;
  /** The provider's mode for this module: a Stripe test key, or the built-in test provider (no money moves). */
  testMode: boolean;
  continueUrl: string;
  cancelUrl: string;
  receiptEmail: string | null;
  /** The guest's language: what the provider's page calls the payment. */
  language: LanguageCode;
  /** The kitchen capacity the attempt holds units of; null when the module does not enforce capacity. */
  capacityInstanceId: number | null;
  client: PaymentClient;
  limits: PaymentLimits;
};

/** How the order total is split: each applied gift card pays at most what is still left, the main payment the rest. */
type Split = { draws: { giftcardId: number; code: string; amountMinor: number }[]; restMinor: number };

export const paymentMethodNotAllowed = (method: string) =>
  unprocessable(
    "PAYMENT_METHOD_NOT_ALLOWED",
    `The payment method ${method} is not available in this shop`,
    "paymentMethods",
  );

export const alreadyPaid = () => conflict("ALREADY_PAID", "The checkout is already paid");

export async function createPayment(deps: Deps, input: CreatePaymentInput): Promise<Payment> {
  const { request, settings } = await planAttempt(deps, input);
  const result = await deps.db.transaction((tx) => recordAttempt(tx, deps, input, request, settings));
  const { provider } = request;
  if (result.kind === "again") return answerAgain(deps, input, request, result.attempt);
  if (result.released) afterRelease(deps, result.released);

  const main = result.attempt.at(-1)!;
  if (main.type !== PaymentType.ONLINE) {
    // Nothing is left to wait for: place the order now (the sweeper does it should this process die first).
    await finalizeSettled(deps, { checkoutId: main.checkoutId, productionUnitId: main.productionUnitId });
    return toPaymentJson(result.attempt, { provider, apiBaseUrl: input.apiBaseUrl });
  }
  const { stored, hostedPageUrl } = await startAtProvider(deps, input, request, main);
  const attempt = [...result.attempt.slice(0, -1), stored];
  return toPaymentJson(attempt, { provider, apiBaseUrl: input.apiBaseUrl, hostedPageUrl });
}

/**
 * What the request asks for, checked before anything is written: the module and checkout are the
 * token's, the redirect URLs are the module's own, the methods are allowed and the provider takes them.
 */
async function planAttempt(
  deps: Deps,
  input: CreatePaymentInput,
): Promise<{ request: AttemptRequest; settings: AppSettings }> {
  const { db } = deps;
  const { query } = input;

  // The checkout itself is read once, locked, in recordAttempt: only then is it the module's for sure.
  const module = await requireOwnModule(db, query.moduleId, input.productionUnitId);

  const hosts = await findModuleHosts(db, module.id);
  const continueUrl = checkRedirectUrl(query.continuationUrl, hosts, "continuationUrl");
  const cancelUrl = checkRedirectUrl(query.cancellationUrl, hosts, "cancellationUrl");

  const settings = await getModuleSettings(db, module.id);
  const plan = planRest(settings, query.paymentMethods);
  const { provider, testMode } = await chooseProvider(deps, module);
  if (plan.kind === "online") {
    if (!provider) throw providerUnavailable();
    const unsupported = plan.methods.find((method) => !provider.methods.includes(method));
    if (unsupported) throw paymentMethodNotAllowed(unsupported);
  }
  const request: AttemptRequest = {
    plan,
    provider,
    testMode,
    continueUrl,
    cancelUrl,
    receiptEmail: query.receiptEmail ?? null,
    language: query.language,
    capacityInstanceId: settings.enforceCapacity ? module.capacityInstanceId : null,
    client: input.client,
    limits: deps.config.paymentLimits,
  };
  return { request, settings };
}

type RecordedAttempt =
  | { kind: "again"; attempt: PaymentRow[] }
  | { kind: "new"; attempt: PaymentRow[]; released: ReleasedAttempt | null };

/**
 * In the transaction that locks the checkout: answers a repeated request with the waiting attempt,
 * or replaces it; then starts the new attempt.
 */
async function recordAttempt(
  tx: Executor,
  deps: Deps,
  input: CreatePaymentInput,
  request: AttemptRequest,
  settings: AppSettings,
): Promise<RecordedAttempt> {
  const { now } = deps;
  let checkout = await loadOwnCheckout(tx, input.checkoutId, input.productionUnitId, true);
  if (checkout.moduleId !== input.query.moduleId) throw notFound("Checkout");
  if (checkout.orderId !== null || checkout.state === CheckoutState.DONE) throw alreadyPaid();
  if (checkout.state !== CheckoutState.OPEN && checkout.state !== CheckoutState.PENDING) throw checkoutNotOpen();
  // Before any other lock (releasing the waiting attempt below takes discount and capacity rows): the client's
  // payment starts queue here, so the unpaid ones they count are never counted by two at once.
  if (request.plan.kind === "online") await serializeClient(tx, request.client);

  // A waiting attempt is answered again or replaced; a settled one (authorized, unpaid, gift cards) stands.
  const live = await findLivePayments(tx, checkout.id);
  const waiting = live.find((row) => row.type !== PaymentType.GIFTCARD);
  if (waiting ? waiting.state !== PaymentState.CREATED : live.length > 0) throw alreadyPaid();
  let released: ReleasedAttempt | null = null;
  if (waiting) {
    const { totals, giftcards } = await readCheckoutMoney(tx, checkout, APPLIED);
    const split = splitTotal(giftcards, totals.orderTotalMinor);
    if (isSameAttempt(live, split, request)) return { kind: "again", attempt: live };
    released = await releaseAttempt(tx, checkout, waiting.attempt, "cancelled", now());
    checkout = { ...checkout, state: CheckoutState.OPEN };
  }
  return { kind: "new", attempt: await startAttempt(tx, checkout, request, settings, now()), released };
}

/**
 * Checks the (locked, OPEN) checkout can be paid now, takes what the attempt holds and writes its
 * payment rows; the checkout becomes PENDING.
 */
async function startAttempt(
  tx: Executor,
  checkout: CheckoutRow,
  request: AttemptRequest,
  settings: AppSettings,
  now: Date,
): Promise<PaymentRow[]> {
  validateCheckout(checkout, settings);
  // Online ordering paused (issue 44): refused here, in the transaction that starts the payment, before anything
  // is held, drawn or sent to a provider, so no guest pays for an order the restaurant then refuses. Only here
  // (and at validation): the order's finalize never asks, so a payment started before the pause began, and
  // approved after it, still becomes its order (the guest paid; the kitchen sees it like any other order).
  await refuseWhilePaused(tx, checkout.productionUnitId, now);
  // Basket changes lock the basket row too: they wait for this payment, then see it and refuse. Locked, the
  // basket read here is the one paid for.
  if (checkout.basketId) await lockBasket(tx, checkout.basketId);
  const lines = await checkoutLines(tx, checkout);
  const basket = summarizeBasket(lines);
  // The time was valid when chosen; the slot may have passed or filled up since.
  const problem = await checkReadyTime(tx, checkout, checkout.orderReadyTime!, now, {
    kitchenItems: basket.kitchenItems,
  });
  if (problem) throw unprocessable(problem.code, problem.message, problem.field);
  // The basket may have shrunk since the address was accepted: the zone's minimum order still holds.
  await refuseBelowDeliveryMinimum(tx, checkout, basket.totalMinor);
  // The amounts the guest saw (computed against the basket on every read) become the stored ones, which
  // the payment is made of and the order keeps; a discount or gift card that no longer counts goes.
  const applied = await findAppliedDiscounts(tx, checkout.id);
  const { totals, discounts, giftcards } = await settleCheckoutMoney(tx, checkout, { lines, discounts: applied });
  // The guest saw the code's discount: one used up or expired since is refused, never dropped silently.
  await refuseUnusableDiscounts(tx, discounts, now);
  if (totals.isEmpty) throw basketEmpty();
  const attemptNumber = await nextAttemptNumber(tx, checkout.id);
  const capacity: CapacityHold =
    request.capacityInstanceId === null
      ? null
      : {
          capacityInstanceId: request.capacityInstanceId,
          slotStart: checkout.orderReadyTime!,
          items: totals.itemCount,
          timeZone: await findTimeZone(tx, checkout.productionUnitId),
        };
  const split = splitTotal(giftcards, totals.orderTotalMinor);
  // A waiting attempt of this checkout was released above, so it no longer counts.
  if (request.plan.kind === "online" && split.restMinor > 0)
    await refuseOverLimits(tx, request.client, request.limits, now);
  // Before the gift cards are drawn: the lock order of attempt-holds.ts.
  const codes = discounts.map((applied) => applied.rule);
  await takeHolds(tx, { checkoutId: checkout.id, attempt: attemptNumber }, codes, capacity, now);
  const attempt = await insertAttempt(tx, checkout, attemptNumber, split, request, now);
  await setCheckoutState(tx, checkout.id, CheckoutState.PENDING, now);
  return attempt;
}

/**
 * The attempt's payment rows: gift cards first (a card that cannot pay rolls everything back), then
 * the rest as one online (CREATED) or pay-at-pickup (UNPAID, settled at once) payment.
 */
async function insertAttempt(
  tx: Executor,
  checkout: CheckoutRow,
  attemptNumber: number,
  { draws, restMinor }: Split,
  request: AttemptRequest,
  now: Date,
): Promise<PaymentRow[]> {
  const common: AttemptCommon = {
    checkoutId: checkout.id,
    productionUnitId: checkout.productionUnitId,
    attempt: attemptNumber,
    receiptEmail: request.receiptEmail,
    clientTokenId: request.client.tokenId,
    clientAddress: request.client.address,
    createdAt: now,
    updatedAt: now,
  };

  const attempt = await insertGiftcardDraws(tx, common, draws, now);
  // Nothing to pay at all (e.g. a 100 % discount): an UNPAID payment of 0 still marks the attempt.
  if (restMinor > 0 || attempt.length === 0) attempt.push(await insertRestPayment(tx, common, restMinor, request));
  return attempt;
}

/** What every payment row of one attempt shares. */
type AttemptCommon = Pick<
  NewPayment,
  | "checkoutId"
  | "productionUnitId"
  | "attempt"
  | "receiptEmail"
  | "clientTokenId"
  | "clientAddress"
  | "createdAt"
  | "updatedAt"
>;

/** One AUTHORIZED gift-card payment per draw, each drawing its card's balance; a card that cannot pay throws. */
async function insertGiftcardDraws(
  tx: Executor,
  common: AttemptCommon,
  draws: Split["draws"],
  now: Date,
): Promise<PaymentRow[]> {
  const attempt: PaymentRow[] = [];
  for (const draw of draws) {
    if (!(await tryDrawGiftcard(tx, draw.giftcardId, draw.amountMinor, now))) throw giftcardCannotPay();
    const row = await insertPayment(tx, {
      ...common,
      state: PaymentState.AUTHORIZED,
      type: PaymentType.GIFTCARD,
      amountMinor: draw.amountMinor,
      provider: "giftcard",
      method: "giftcard",
      isTest: false,
      giftcardId: draw.giftcardId,
      providerReference: draw.code,
    });
    await insertGiftcardTransaction(tx, {
      giftcardId: draw.giftcardId,
      paymentId: row.id,
      amountMinor: -draw.amountMinor,
      createdAt: now,
    });
    attempt.push(row);
  }
  return attempt;
}

/** The rest as one online (CREATED) or pay-at-pickup (UNPAID, settled at once) payment. */
async function insertRestPayment(
  tx: Executor,
  common: AttemptCommon,
  restMinor: number,
  { plan, provider, testMode, continueUrl, cancelUrl }: AttemptRequest,
): Promise<PaymentRow> {
  if (plan.kind === "none-allowed") throw paymentMethodNotAllowed("of any kind");
  const online = plan.kind === "online" && restMinor > 0 ? plan : null;
  return insertPayment(tx, {
    ...common,
    // Pay at pickup is settled at once: the restaurant takes the money at the counter.
    state: online ? PaymentState.CREATED : PaymentState.AUTHORIZED,
    type: online ? PaymentType.ONLINE : PaymentType.UNPAID,
    amountMinor: restMinor,
    provider: online ? provider!.name : "restaurant",
    method: online ? online.methods[0]! : "pickup",
    // Only the provider decides: a guest cannot turn a real payment into a test one.
    isTest: online ? testMode : false,
    continueUrl,
    cancelUrl,
  });
}

/**
 * A repeated request answers the waiting attempt. One the provider has not started yet is being
 * started by the request that created it: it is started again for the same payment (the provider
 * answers the same payment for the same id), so every request answers the same hosted page.
 */
async function answerAgain(
  deps: Deps,
  input: CreatePaymentInput,
  request: AttemptRequest,
  live: PaymentRow[],
): Promise<Payment> {
  const options = { provider: request.provider, apiBaseUrl: input.apiBaseUrl };
  const main = live.find((row) => row.type !== PaymentType.GIFTCARD)!;
  if (main.providerReference !== null) return toPaymentJson(live, options);
  const { stored, hostedPageUrl } = await startAtProvider(deps, input, request, main, true);
  return toPaymentJson(
    live.map((row) => (row.id === stored.id ? stored : row)),
    { ...options, hostedPageUrl },
  );
}

/**
 * After commit: starts the online payment at its provider and stores the provider's reference. A
 * provider that fails ends the attempt (503) — unless this is a repeat, whose first request ends it
 * should it fail there too; one replaced or cancelled meanwhile is voided there (409).
 */
async function startAtProvider(
  deps: Deps,
  input: CreatePaymentInput,
  request: AttemptRequest,
  main: PaymentRow,
  repeat = false,
): Promise<{ stored: PaymentRow; hostedPageUrl: string | null }> {
  const { plan, provider, continueUrl, cancelUrl } = request;
  let created: Awaited<ReturnType<PaymentProvider["createPayment"]>>;
  try {
    created = await provider!.createPayment({
      payment: main,
      amountMinor: main.amountMinor,
      currency: "DKK",
      method: main.method as OnlineMethod,
      methods: plan.kind === "online" ? plan.methods : [main.method as OnlineMethod],
      continueUrl,
      cancelUrl,
      restaurantName: await findRestaurantName(deps.db, main.productionUnitId),
      receiptEmail: request.receiptEmail,
      language: request.language,
      apiBaseUrl: input.apiBaseUrl,
      isTest: main.isTest,
    });
  } catch (error) {
    if (!repeat) await endWaitingPayment(deps, main);
    if (error instanceof AppError) throw error;
    deps.log.warn({ paymentId: main.id, err: error }, "payment provider could not start the payment");
    throw providerUnavailable();
  }

  const stored = await storeProviderReference(deps.db, main.id, created);
  if (!stored) {
    const current = repeat ? await findPayment(deps.db, main.id) : undefined;
    if (current?.state === PaymentState.CREATED && current.providerReference !== null) {
      // A provider that gave the repeat a payment of its own: void that one, answer the stored one.
      voidAtProvider(deps, { ...main, providerReference: created.providerReference });
      return { stored: current, hostedPageUrl: request.provider!.hostedPageUrl(current, input.apiBaseUrl) };
    }
    // A newer request replaced it (or the guest cancelled) while the provider answered: nobody may pay it now.
    voidAtProvider(deps, { ...main, providerReference: created.providerReference });
    throw paymentReplaced();
  }
  // No page to open (a provider without a hosted step): nothing the guest could fail to open.
  if (created.hostedPageUrl === null)
    return { stored: (await markPaymentOpened(deps.db, stored.id, deps.now())) ?? stored, hostedPageUrl: null };
  return { stored, hostedPageUrl: created.hostedPageUrl };
}

/** What an attempt reads of the applied discounts (with their codes' rules) and gift cards. */
const APPLIED = { discounts: findAppliedDiscounts, giftcards: findCheckoutGiftcards };

type AppliedGiftcard = Awaited<ReturnType<typeof findCheckoutGiftcards>>[number];

/** The applied gift cards in gift-card id order (a fixed lock order), each paying at most what is left. */
function splitTotal(applied: AppliedGiftcard[], orderTotalMinor: number): Split {
  // In gift-card id order: the fixed order in which card rows are locked, so payments sharing cards queue.
  const cards = [...applied].sort((a, b) => a.giftcardId - b.giftcardId);
  const paid = capGiftcardAmounts(
    orderTotalMinor,
    cards.map((card) => card.amountMinor),
  );
  const draws = cards
    .map((card, index) => ({ giftcardId: card.giftcardId, code: card.code, amountMinor: paid[index]! }))
    .filter((draw) => draw.amountMinor > 0);
  return { draws, restMinor: orderTotalMinor - draws.reduce((sum, draw) => sum + draw.amountMinor, 0) };
}

/**
 * Whether the waiting attempt is exactly what this request would create: then the request is a
 * repeat (double click, retry), also while the provider is still starting the attempt.
 */
function isSameAttempt(live: PaymentRow[], split: Split, request: AttemptRequest): boolean {
  const main = live.find((row) => row.type !== PaymentType.GIFTCARD);
  if (!main || main.type !== PaymentType.ONLINE) return false;
  if (request.plan.kind !== "online" || main.provider !== request.provider?.name) return false;
  if (main.method !== request.plan.methods[0] || main.amountMinor !== split.restMinor) return false;
  if (main.continueUrl !== request.continueUrl || main.cancelUrl !== request.cancelUrl) return false;
  if (main.receiptEmail !== request.receiptEmail) return false;
  const cards = live
    .filter((row) => row.type === PaymentType.GIFTCARD)
    .map((row) => `${row.giftcardId}:${row.amountMinor}`)
    .sort();
  const planned = split.draws.map((draw) => `${draw.giftcardId}:${draw.amountMinor}`).sort();
  return cards.join() === planned.join();
}

/** Which kind the rest becomes: pickup when asked for (or the only one allowed), else online. */
function planRest(settings: AppSettings, requested: PaymentMethod[] | undefined): Plan {
  const allowed: Record<PaymentMethod, boolean> = {
    card: settings.onlinePayment,
    mobilepay: settings.mobilepay,
    pickup: settings.payAtPickup,
  };
  if (requested && requested.length > 0) {
    const refused = requested.find((method) => !allowed[method]);
    if (refused) throw paymentMethodNotAllowed(refused);
    if (requested.includes("pickup")) return { kind: "pickup" };
    return { kind: "online", methods: requested.filter((method): method is OnlineMethod => method !== "pickup") };
  }
  const online = (["card", "mobilepay"] as const).filter((method) => allowed[method]);
  if (online.length > 0) return { kind: "online", methods: [online[0]!] };
  if (allowed.pickup) return { kind: "pickup" };
  return { kind: "none-allowed" };
}

/** What must be on the checkout before it can be paid. */
export function validateCheckout(checkout: CheckoutRow, settings: AppSettings): void {
  if (!checkout.basketId) throw basketEmpty();
  const problems = validateGuestInformation(
    {
      name: checkout.guestName,
      phone: checkout.guestPhone,
      email: checkout.guestEmail,
      orderComment: checkout.orderComment,
    },
    settings.requiredGuestInformation,
  );
  const first = problems[0];
  if (first) throw unprocessable(first.code, first.message, first.field);
  if (!checkout.orderReadyTime)
    throw unprocessable("DeliveryMethod.TimePicker", "Please choose a time", "orderReadyTime");
}

export const basketEmpty = () => unprocessable("BASKET_EMPTY", "The basket is empty");
const checkoutNotOpen = () => conflict("CHECKOUT_NOT_OPEN", "The checkout can no longer be paid");
const giftcardCannotPay = () => conflict("Giftcard.Generic", "We could not verify the gift card");
const paymentReplaced = () =>
  conflict(
    "PAYMENT_REPLACED",
    "This payment was replaced by a newer payment request or cancelled while it was being started. Use the newest one",
  );
const providerUnavailable = () =>
  new AppError(
    "unavailable",
    "PAYMENT_PROVIDER_UNAVAILABLE",
    "The payment could not be started. Please try again later",
  );

/**
 * POST /checkout/{id}/payment: starts paying a checkout.
 *
 * One transaction, with the checkout row locked: a waiting (CREATED) attempt is cancelled and its
 * gift-card money given back; the checkout is validated and its total recomputed; every applied
 * gift card is drawn with a conditional update (never below 0; a card that no longer covers its
 * amount is 409 Giftcard.Generic and nothing at all is drawn); then the rest becomes one payment:
 * nothing (gift cards paid everything), UNPAID (pay at pickup, no hosted step) or ONLINE at the
 * module's provider. The checkout becomes PENDING. The provider is called after the commit, so no
 * lock is held while it answers; if it fails the attempt is cancelled again (503).
 */
import type { AppSettings, CreatePaymentQuery, Payment, PaymentMethod } from "@app/contracts";
import { CheckoutState, PaymentState, PaymentType, validateGuestInformation } from "@app/domain";
import type { Deps } from "../../deps";
import { AppError, conflict, notFound, unprocessable } from "../../errors";
import { type CheckoutRow, computeCheckoutTotals } from "../checkout/checkout-totals";
import { lockBasket } from "../checkout/repository";
import { getModuleSettings } from "../settings/module-settings";
import { requireOwnModule } from "../tenancy/access";
import type { OnlineMethod, PaymentProvider, PaymentRow } from "./providers/provider";
import { checkRedirectUrl } from "./redirect-url";
import { refundGiftcardPayments } from "./release";
import {
  findCheckoutGiftcardAmounts,
  findCheckoutOfUnit,
  findLivePayments,
  findModuleHosts,
  findProviderName,
  findRestaurantName,
  insertGiftcardTransaction,
  insertPayment,
  movePayment,
  setCheckoutState,
  setProviderReference,
  tryDrawGiftcard,
} from "./repository";
import { toPayment } from "./to-payment";

export type CreatePaymentInput = {
  checkoutId: string;
  productionUnitId: number;
  query: CreatePaymentQuery;
  apiBaseUrl: string;
};

/** What the rest of the total (after gift cards) becomes. */
type Plan = { kind: "pickup" } | { kind: "online"; methods: OnlineMethod[] } | { kind: "none-allowed" };

export const paymentMethodNotAllowed = (method: string) =>
  unprocessable(
    "PAYMENT_METHOD_NOT_ALLOWED",
    `The payment method ${method} is not available in this shop`,
    "paymentMethods",
  );

export const alreadyPaid = () => conflict("ALREADY_PAID", "The checkout is already paid");

export async function createPayment(deps: Deps, input: CreatePaymentInput): Promise<Payment> {
  const { db, now } = deps;
  const { query } = input;

  const module = await requireOwnModule(db, query.moduleId, input.productionUnitId);
  const existing = await findCheckoutOfUnit(db, input.checkoutId, input.productionUnitId);
  if (!existing || existing.moduleId !== module.id) throw notFound("Checkout");

  const hosts = await findModuleHosts(db, module.id);
  const continueUrl = checkRedirectUrl(query.continuationUrl, hosts, "continuationUrl");
  const cancelUrl = checkRedirectUrl(query.cancellationUrl, hosts, "cancellationUrl");

  const settings = await getModuleSettings(db, module.id);
  const plan = planRest(settings, query.paymentMethods);
  const providerName = await findProviderName(db, module.paymentInstanceId);
  const provider = providerName ? deps.payments.get(providerName) : undefined;
  if (plan.kind === "online") {
    if (!provider) throw providerUnavailable();
    const unsupported = plan.methods.find((method) => !provider.methods.includes(method));
    if (unsupported) throw paymentMethodNotAllowed(unsupported);
  }

  const result = await db.transaction(async (tx) => {
    let checkout = await findCheckoutOfUnit(tx, input.checkoutId, input.productionUnitId, true);
    if (!checkout) throw notFound("Checkout");
    if (checkout.orderId !== null || checkout.state === CheckoutState.DONE) throw alreadyPaid();
    if (checkout.state !== CheckoutState.OPEN && checkout.state !== CheckoutState.PENDING) throw checkoutNotOpen();

    // A waiting attempt is replaced; an authorized one (or gift cards that paid everything) stands.
    const live = await findLivePayments(tx, checkout.id);
    const main = live.find((row) => row.type !== PaymentType.GIFTCARD);
    if (main ? main.state !== PaymentState.CREATED : live.length > 0) throw alreadyPaid();
    const replaced: PaymentRow[] = [];
    if (main) {
      const cancelled = await movePayment(tx, main.id, PaymentState.CREATED, PaymentState.CANCELLED, now());
      if (cancelled) replaced.push(cancelled);
      await refundGiftcardPayments(tx, checkout.id, now());
      await setCheckoutState(tx, checkout.id, CheckoutState.OPEN, now());
      checkout = { ...checkout, state: CheckoutState.OPEN };
    }

    validateCheckout(checkout, settings);
    // Basket changes lock the basket row too: they wait for this payment, then see it and refuse.
    if (checkout.basketId) await lockBasket(tx, checkout.basketId);
    // For the OPEN checkout this also brings discount and gift-card amounts in line with the basket now.
    const totals = await computeCheckoutTotals(tx, checkout, now());
    if (totals.itemCount === 0) throw basketEmpty();

    // Gift cards first, each at most what is still left; a card that cannot pay rolls everything back.
    const attempt: PaymentRow[] = [];
    let leftMinor = totals.orderTotalMinor;
    for (const card of await findCheckoutGiftcardAmounts(tx, checkout.id)) {
      const amountMinor = Math.min(card.amountMinor, leftMinor);
      if (amountMinor <= 0) continue;
      if (!(await tryDrawGiftcard(tx, card.giftcardId, amountMinor, now()))) throw giftcardCannotPay();
      const row = await insertPayment(tx, {
        checkoutId: checkout.id,
        productionUnitId: checkout.productionUnitId,
        state: PaymentState.AUTHORIZED,
        type: PaymentType.GIFTCARD,
        amountMinor,
        provider: "giftcard",
        method: "giftcard",
        isTest: false,
        giftcardId: card.giftcardId,
        providerReference: card.code,
        receiptEmail: query.receiptEmail ?? null,
        updatedAt: now(),
      });
      await insertGiftcardTransaction(tx, {
        giftcardId: card.giftcardId,
        paymentId: row.id,
        amountMinor: -amountMinor,
        createdAt: now(),
      });
      attempt.push(row);
      leftMinor -= amountMinor;
    }

    // Nothing to pay at all (e.g. a 100 % discount): an UNPAID payment of 0 still marks the attempt.
    if (leftMinor > 0 || attempt.length === 0) {
      if (plan.kind === "none-allowed") throw paymentMethodNotAllowed("of any kind");
      const online = plan.kind === "online" && leftMinor > 0 ? plan : null;
      attempt.push(
        await insertPayment(tx, {
          checkoutId: checkout.id,
          productionUnitId: checkout.productionUnitId,
          state: PaymentState.CREATED,
          type: online ? PaymentType.ONLINE : PaymentType.UNPAID,
          amountMinor: leftMinor,
          provider: online ? provider!.name : "restaurant",
          method: online ? online.methods[0]! : "pickup",
          isTest: online ? provider!.testMode || (query.isTest ?? false) : false,
          continueUrl,
          cancelUrl,
          receiptEmail: query.receiptEmail ?? null,
          updatedAt: now(),
        }),
      );
    }
    await setCheckoutState(tx, checkout.id, CheckoutState.PENDING, now());
    return { attempt, replaced, checkout };
  });

  for (const old of result.replaced) {
    if (old.type === PaymentType.ONLINE) voidAtProvider(deps, old);
  }

  const main = result.attempt.at(-1)!;
  if (main.type !== PaymentType.ONLINE) return toPayment(result.attempt, { provider, apiBaseUrl: input.apiBaseUrl });

  let hostedPageUrl: string | null;
  try {
    const created = await provider!.createPayment({
      payment: main,
      amountMinor: main.amountMinor,
      currency: "DKK",
      method: main.method as OnlineMethod,
      methods: plan.kind === "online" ? plan.methods : [main.method as OnlineMethod],
      continueUrl,
      cancelUrl,
      restaurantName: await findRestaurantName(db, result.checkout.productionUnitId),
      receiptEmail: query.receiptEmail ?? null,
      apiBaseUrl: input.apiBaseUrl,
      isTest: main.isTest,
    });
    await setProviderReference(db, main.id, created.providerReference);
    hostedPageUrl = created.hostedPageUrl;
  } catch (error) {
    await abandonAttempt(deps, main);
    if (error instanceof AppError) throw error;
    throw providerUnavailable();
  }
  return toPayment(result.attempt, { provider, apiBaseUrl: input.apiBaseUrl, hostedPageUrl });
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
  if (first) throw unprocessable(first.code, GUEST_MESSAGES[first.code] ?? "Your input is invalid", first.field);
  if (!checkout.orderReadyTime)
    throw unprocessable("DeliveryMethod.TimePicker", "Please choose a time", "orderReadyTime");
}

const GUEST_MESSAGES: Record<string, string> = {
  "MissingFields.Name": "Please check that you have entered all required information: name",
  "MissingFields.Phone": "Please check that you have entered all required information: phone number",
  "MissingFields.Email": "Please check that you have entered all required information: email",
  "Input.InvalidPhone": "Invalid content. The field may only contain numbers",
  "Input.Invalid": "Your input is invalid",
  "Input.TooLong": "The order comment may be at most 125 characters",
};

export const basketEmpty = () => unprocessable("BASKET_EMPTY", "The basket is empty");
const checkoutNotOpen = () => conflict("CHECKOUT_NOT_OPEN", "The checkout can no longer be paid");
const giftcardCannotPay = () => conflict("Giftcard.Generic", "We could not verify the gift card");
const providerUnavailable = () =>
  new AppError(
    "unavailable",
    "PAYMENT_PROVIDER_UNAVAILABLE",
    "The payment could not be started. Please try again later",
  );

/** The provider could not start the payment: cancel it and give the gift cards back. */
async function abandonAttempt(deps: Deps, main: PaymentRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const checkout = await findCheckoutOfUnit(tx, main.checkoutId, main.productionUnitId, true);
    const cancelled = await movePayment(tx, main.id, PaymentState.CREATED, PaymentState.CANCELLED, deps.now());
    if (!cancelled || !checkout || checkout.orderId !== null) return;
    await refundGiftcardPayments(tx, checkout.id, deps.now());
    if (checkout.state === CheckoutState.PENDING)
      await setCheckoutState(tx, checkout.id, CheckoutState.OPEN, deps.now());
  });
}

/** Voids a replaced or cancelled online payment at its provider; best effort, never fails the request. */
export function voidAtProvider(deps: Deps, payment: PaymentRow): void {
  const provider: PaymentProvider | undefined = deps.payments.get(payment.provider);
  provider?.cancel(payment).catch(() => {
    // The payment is CANCELLED here whatever the provider says; an unvoided hosted payment expires there.
  });
}

import type { Basket, InstanceSetting } from "@app/contracts";
import { lazy, type ReactNode, type RefObject, Suspense, useCallback, useEffect, useId, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLoaderData, useNavigate, useRouteLoaderData } from "react-router";
import { basketStore, CartLines, isBasketEmpty, useBasket, useFocusWhenEmptied } from "../../features/basket";
import {
  CheckoutAlreadyPaid,
  rememberCheckoutId,
  storedCheckoutId,
  useCheckoutStart,
} from "../../features/checkout-start";
import { OrderingNotice, type Shop } from "../../features/shop";
import { afterNextPaint } from "../../lib/after-next-paint";
import { errorPagePath } from "../../lib/error-page";
import { priceText } from "../../lib/price-text";
import { appErrorEvent, reportEvent } from "../../lib/telemetry";
import { type ShopDataDeps, shopForPage } from "../shop-data";
import { checkoutPageCalls } from "./checkout-calls";
import { CheckoutHeading } from "./checkout-heading";

export type CheckoutPageData = {
  instance: InstanceSetting;
  /** Products that are gift cards: with one in the basket, no gift card pays (SPEC §5). */
  giftcardProductIds: ReadonlySet<number>;
  /** The bag product's price in the catalogue, shown on the bag choice before the bag is in the basket. */
  bagFeePrice: number | null;
};

export type CheckoutPageDeps = ShopDataDeps & {
  checkoutInstance?: (instanceId: number) => Promise<InstanceSetting>;
};

export async function checkoutPageLoader(deps: CheckoutPageDeps): Promise<CheckoutPageData | null> {
  const shop = await shopForPage(deps);
  if (!shop) return null;
  const [instance, catalogue] = await Promise.all([
    (deps.checkoutInstance ?? checkoutPageCalls.getInstanceSettings)(shop.module.checkoutInstanceId),
    deps.catalogue(shop),
  ]);
  const giftcardProductIds = new Set(
    [...catalogue.productsById.values()].filter((product) => product.isGiftcard).map((product) => product.id),
  );
  const { bagFeeItem } = shop.settings;
  const bagFeePrice = bagFeeItem === null ? null : (catalogue.productsById.get(bagFeeItem)?.price ?? null);
  return { instance, giftcardProductIds, bagFeePrice };
}

/**
 * /checkout (SPEC §2): a go-back link and the sections in order — cart, order comment, guest info, pickup
 * time, payment. With an empty basket (or one holding only the bag fee) only the cart shows, with
 * continue-shopping. The header is hidden here (layout.tsx).
 */
export function CheckoutPage() {
  const shop = useRouteLoaderData("root") as Shop | null;
  const data = useLoaderData() as CheckoutPageData | null;
  const { basket, dropped } = useBasket();
  const empty = !basket || isBasketEmpty(basket, shop?.settings.bagFeeItem ?? null);
  const emptyHeading = useRef<HTMLHeadingElement>(null);
  useFocusWhenEmptied(empty, emptyHeading);
  if (!shop || !data) return null;
  return (
    <div className="checkout">
      <CheckoutHeading />
      {/* The layout shows it above the menu only: here, before the details, not after "place order" is refused. */}
      {empty ? null : <OrderingNotice />}
      {empty ? (
        <EmptyCart expired={dropped} headingRef={emptyHeading} />
      ) : (
        // A basket gone stale while the order was being placed is read again: expired, it is dropped and the
        // empty cart says why; the guest's details stay in the checkout session for their next basket.
        <StartedCheckout shop={shop} data={data} basket={basket} onBasketGone={() => void basketStore.load()} />
      )}
    </div>
  );
}

/** The cart with nothing in it; its heading takes the focus when the guest has just removed the last line. */
function EmptyCart({ expired, headingRef }: { expired: boolean; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="checkout-section" aria-labelledby={headingId}>
      <h2 ref={headingRef} id={headingId}>
        {t("CheckoutPage.Cart")}
      </h2>
      {expired ? (
        <p className="checkout-message" role="alert">
          {t("CheckoutPage.BasketGone")}
        </p>
      ) : null}
      <p>{t("CheckoutPage.EmptyBasket")}</p>
      <Link to="/" className="button button-primary">
        {t("CheckoutPage.ContinueShopping")}
      </Link>
    </section>
  );
}

/**
 * The checkout form (its sections, rules, styles and query client) as a chunk of its own: the page's heading,
 * cart and skeleton paint without waiting for it to download and run (the heading is /checkout's largest paint).
 */
const loadCheckoutForm = () => import("./checkout-form-page");
const LazyCheckoutForm = lazy(() => loadCheckoutForm().then((module) => ({ default: module.CheckoutFormPage })));

/**
 * Starts the form's download before it is rendered (once the page has painted, while the checkout starts).
 * A failure is left to the render's own import, whose error reaches the route's error boundary.
 */
function preloadCheckoutForm(): void {
  loadCheckoutForm().catch(() => undefined);
}

const START_DEPS = {
  api: checkoutPageCalls,
  get storedCheckoutId() {
    return storedCheckoutId();
  },
  rememberCheckoutId: (checkoutId: string) => rememberCheckoutId(checkoutId),
};

type StartedCheckoutProps = { shop: Shop; data: CheckoutPageData; basket: Basket; onBasketGone: () => void };

function StartedCheckout({ shop, data, basket, onBasketGone }: StartedCheckoutProps) {
  const navigate = useNavigate();
  const { state, restart } = useCheckoutStart(
    { checkoutInstanceId: shop.module.checkoutInstanceId, moduleId: shop.module.id, basketId: basket.id },
    START_DEPS,
  );
  const { bagFeeItem } = shop.settings;
  const basketHoldsGiftcard = basket.items.some((item) => data.giftcardProductIds.has(item.productId));
  const fail = useCheckoutFailure(state.status === "failed" ? state.error : null);
  const changeBagFee = useCallback((change: "add" | "remove") => changeBagFeeLine(bagFeeItem, change), [bagFeeItem]);

  const subtotal = foodSubtotal(basket, bagFeeItem);
  const cart = useMemo(() => <CartSection bagFeeItem={bagFeeItem} subtotal={subtotal} />, [bagFeeItem, subtotal]);

  // The form's chunk downloads while the checkout starts, but after the heading and cart have painted.
  useEffect(() => afterNextPaint(preloadCheckoutForm), []);

  if (state.status === "failed") return null;
  const starting = <StartingCheckout cart={cart} />;
  if (state.status === "starting") return starting;
  return (
    <Suspense fallback={starting}>
      <LazyCheckoutForm
        shop={shop}
        instance={data.instance}
        basket={basket}
        basketHoldsGiftcard={basketHoldsGiftcard}
        checkout={state.checkout}
        changeBagFee={changeBagFee}
        bagFeePrice={data.bagFeePrice}
        api={checkoutPageCalls}
        cart={cart}
        now={() => new Date()}
        origin={window.location.origin}
        onHostedPayment={(paymentUrl) => window.location.assign(paymentUrl)}
        onOrderPlaced={(checkoutId) => navigate(`/order/${encodeURIComponent(checkoutId)}`)}
        onBasketGone={onBasketGone}
        onCheckoutClosed={restart}
        onFailure={fail}
      />
    </Suspense>
  );
}

/**
 * What the guest cannot put right goes to the error page, reported; a checkout paid meanwhile (another tab) goes to
 * its order page instead. Returns the handler the form calls with its own failures.
 */
function useCheckoutFailure(failure: unknown) {
  const navigate = useNavigate();
  const fail = useCallback(
    (error: unknown) => {
      reportEvent({ ...appErrorEvent(error, window.location.pathname), name: "CheckoutError" });
      navigate(errorPagePath(error));
    },
    [navigate],
  );
  useEffect(() => {
    if (failure instanceof CheckoutAlreadyPaid) {
      navigate(`/order/${encodeURIComponent(failure.checkoutId)}`, { replace: true });
    } else if (failure) fail(failure);
  }, [failure, fail, navigate]);
  return fail;
}

/**
 * SPEC §4's bag fee on the basket: the bag product added once, or its line removed (the checkout feature decides
 * when; the basket feature does it, and features do not import each other).
 */
async function changeBagFeeLine(bagFeeItem: number | null, change: "add" | "remove"): Promise<void> {
  if (bagFeeItem === null) return;
  if (change === "add") return basketStore.add({ productId: bagFeeItem, amount: 1, choices: [] });
  const bagLine = basketStore.getSnapshot().basket?.items.find((item) => item.productId === bagFeeItem);
  if (bagLine) await basketStore.removeLine(bagLine.id);
}

/** The cart and the shape of the form, while the checkout starts and the form's chunk arrives: nothing jumps. */
function StartingCheckout({ cart }: { cart: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {cart}
      <div className="checkout-section checkout-starting" aria-busy="true">
        <span className="visually-hidden">{t("Spinner.Loading")}</span>
        <div className="skeleton checkout-skeleton" />
      </div>
    </>
  );
}

/**
 * The food the guest ordered and its subtotal. The bag is not a line here: it is the guest's choice in the
 * payment section, with its own row in the totals there. "Subtotal" is the payment section's word for the same
 * amount (CheckoutTotals): one word per meaning on the page (issue 42).
 */
function CartSection({ bagFeeItem, subtotal }: { bagFeeItem: number | null; subtotal: number }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <section className="checkout-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("CheckoutPage.Cart")}</h2>
      <CartLines allowFees={false} bagFeeItem={bagFeeItem} />
      <p className="checkout-total" data-row="subtotal">
        <span>{t("CheckoutTotals.Subtotal")}</span>
        <strong>{priceText(subtotal, i18n.language, t("Currency"))}</strong>
      </p>
    </section>
  );
}

/** The basket's total without the bag line (the server priced both): the payment section's subtotal too. */
function foodSubtotal(basket: Basket, bagFeeItem: number | null): number {
  const bag = basket.items
    .filter((item) => item.productId === bagFeeItem)
    .reduce((sum, item) => sum + item.totalPrice, 0);
  return Math.round((basket.totalPrice - bag) * 100) / 100;
}

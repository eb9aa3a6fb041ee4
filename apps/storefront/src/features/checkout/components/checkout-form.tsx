import type { Basket, Checkout, InstanceSetting, PaymentMethod } from "@app/contracts";
import { type ReactNode, type RefObject, useId, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { FullPageSpinner } from "../../../components/ui/spinner";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../lib/i18n";
import type { CheckoutApi } from "../api";
import {
  CheckoutPageProvider,
  type CheckoutPageValue,
  type CheckoutShop,
  useCheckoutPage,
} from "../checkout-page-context";
import { joinMissing, missingFields, paymentMethodsOffered } from "../checkout-rules";
import type { FormSession, FormSessionStore } from "../form-session";
import { usePageCheckout } from "../hooks/use-page-checkout";
import { type PlaceOrderStep, placeOrder, type Refusal } from "../place-order";
import { CheckoutTotals } from "./checkout-totals";
import { PaymentMethodChoice } from "./payment-method-choice";
import { TermsCheckbox } from "./terms-checkbox";
import "./checkout-form.css";

export type CheckoutFormProps = {
  shop: CheckoutShop;
  instance: InstanceSetting;
  basket: Basket;
  basketHoldsGiftcard: boolean;
  /** The checkout as the start answered it; the form keeps the later answers (hooks/use-page-checkout.ts). */
  checkout: Checkout;
  api: CheckoutApi;
  /** The cart section (the basket feature's lines), first of the page's sections. */
  cart: ReactNode;
  /** The order comment and guest info sections (another feature's: the app renders them with the page's value). */
  renderGuestDetails: (page: CheckoutPageValue) => ReactNode;
  /** The pickup-time section (another feature's, as above). */
  renderPickupTime: (page: CheckoutPageValue) => ReactNode;
  /** The discount code and gift card fields, first in the payment section (another feature's, as above). */
  renderCodes: (page: CheckoutPageValue) => ReactNode;
  /** The bring-own-bag box and its bag fee rule, after the codes (another feature's, as above). */
  renderBagFee: (page: CheckoutPageValue) => ReactNode;
  /** A slot filled up while the order was placed: the pickup-time section reads its slots again. */
  onSlotFull: (checkoutId: string) => void;
  /** The guest's checkout session (the checkout-session feature's, kept in local storage). */
  sessionStore: FormSessionStore;
  /** The restaurant's date today (YYYY-MM-DD): the session's default date. */
  today: string;
  /** The shop's origin: the hosted payment page sends the guest back to {origin}/payment/{checkoutId}. */
  origin: string;
  onHostedPayment: (paymentUrl: string) => void;
  onOrderPlaced: (checkoutId: string) => void;
  /** The basket expired or was ordered meanwhile: the page reads it again (the guest's entries stay). */
  onBasketGone: () => void;
  /** The checkout was paid or closed elsewhere: the page starts a new one. */
  onCheckoutClosed: () => void;
  /** What the guest cannot put right: the error page. */
  onFailure: (error: unknown) => void;
};

const REFUSAL_MESSAGE: Record<Refusal, string> = {
  RestaurantOffline: "Payment.RestaurantOffline",
  SlotFull: "CheckoutPage.SlotFull",
  DiscountRefused: "CheckoutPage.DiscountRemoved",
  GiftcardRefused: "Giftcard.Generic",
  GuestInformation: "MissingFields.Generic",
  BasketGone: "CheckoutPage.BasketGone",
  CheckoutClosed: "CheckoutPage.CheckoutClosed",
  TooManyPayments: "CheckoutPage.TooManyPayments",
  DeliveryBelowMinimum: "DeliveryMinimum.Below",
};

const STEP_MESSAGE: Record<PlaceOrderStep, string | undefined> = {
  saving: undefined,
  contacting: "Spinner.ContactingRestaurant",
  payment: "Spinner.StartingPayment",
};

/**
 * /checkout below the cart (SPEC §2, §4, §5): order comment, guest info, pickup time and payment, and placing
 * the order. The guest's entries live in the checkout session, kept in local storage, so a declined payment,
 * a reload or a refusal never loses them.
 */
export function CheckoutForm(props: CheckoutFormProps) {
  const { shop, sessionStore: store } = props;
  const { t } = useTranslation();
  const session = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  // Pay at pickup is no way to pay for a delivery (issue 42): not offered then, and a choice of it falls back.
  const methods = paymentMethodsOffered(shop.settings, { isDelivery: session.isDelivery === true });
  const [chosenMethod, setPaymentMethod] = useState<PaymentMethod | undefined>(methods[0]);
  const paymentMethod = chosenMethod !== undefined && methods.includes(chosenMethod) ? chosenMethod : methods[0];
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const messageId = useId();
  const { checkout, setCheckout, readAgain } = usePageCheckout({
    started: props.checkout,
    basket: props.basket,
    api: props.api,
  });
  const order = usePlaceOrder({ ...props, checkout, readAgain }, store, { formRef, messageRef });
  const placing = order.step !== null;

  const value = pageValue(props, { checkout, setCheckout, placing });
  // The tick belongs to this checkout: kept through a declined payment and a reload, not carried to a new order.
  const termsAccepted = session.termsAcceptedFor === checkout.id;
  const setTermsAccepted = (accepted: boolean) =>
    store.dispatch({ type: "termsAccepted", checkoutId: accepted ? checkout.id : null });
  const missingText = useMissingText(session, shop.settings);
  // A refusal says what happened (e.g. the time filled up, which also makes the time "missing"): it goes first.
  const message = order.refusal ? t(REFUSAL_MESSAGE[order.refusal]) : missingText;

  const canPlace = termsAccepted && paymentMethod !== undefined;
  const hintId = `${messageId}-hint`;
  // Why the button cannot be pressed, next to it (issue 42: it stayed grey with no word why).
  const hint =
    paymentMethod === undefined ? t("Pickup.NoPaymentMethodHint") : termsAccepted ? null : t("Pickup.PlaceOrderHint");
  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (placing || !canPlace) return;
    void order.place(paymentMethod);
  }

  return (
    <CheckoutPageProvider value={value}>
      {props.cart}
      <form ref={formRef} className="checkout-form" noValidate onSubmit={submit} aria-describedby={messageId}>
        {props.renderGuestDetails(value)}
        {props.renderPickupTime(value)}
        <section className="checkout-section" aria-labelledby={`${messageId}-payment`}>
          <h2 id={`${messageId}-payment`}>{t("CheckoutPage.PaymentSection")}</h2>
          {props.renderCodes(value)}
          {props.renderBagFee(value)}
          <CheckoutTotals />
          <PaymentChoices
            methods={methods}
            paymentMethod={paymentMethod}
            setPaymentMethod={setPaymentMethod}
            termsAccepted={termsAccepted}
            setTermsAccepted={setTermsAccepted}
          />
          <FormMessage id={messageId} messageRef={messageRef} message={message} />
          <button
            type="submit"
            className="button-primary checkout-place-order"
            disabled={!canPlace || placing}
            aria-describedby={hint ? hintId : undefined}
          >
            {t("CheckoutPage.PlaceOrder")}
          </button>
          <p id={hintId} className="checkout-place-order-hint">
            {hint}
          </p>
        </section>
      </form>
      {order.step !== null ? <PlacingSpinner step={order.step} /> : null}
    </CheckoutPageProvider>
  );
}

type PaymentChoicesProps = {
  methods: PaymentMethod[];
  paymentMethod: PaymentMethod | undefined;
  setPaymentMethod: (method: PaymentMethod) => void;
  termsAccepted: boolean;
  setTermsAccepted: (accepted: boolean) => void;
};

/** How to pay (when anything is left to pay) and the terms of trade. */
function PaymentChoices({
  methods,
  paymentMethod,
  setPaymentMethod,
  termsAccepted,
  setTermsAccepted,
}: PaymentChoicesProps) {
  const { shop, checkout, placing } = useCheckoutPage();
  return (
    <>
      {/* Gift cards paying everything leave nothing to pay by any method: no choice to make. */}
      {paymentMethod && checkout.totals.totalLeft > 0 ? (
        <PaymentMethodChoice
          methods={methods}
          value={paymentMethod}
          onChange={setPaymentMethod}
          disabled={placing}
          testMode={shop.paymentTestMode}
        />
      ) : null}
      <TermsCheckbox
        checked={termsAccepted}
        onChange={setTermsAccepted}
        termsUrl={shop.settings.terms}
        disabled={placing}
      />
    </>
  );
}

/** The page's value: the props as they are, and the form's own state. */
function pageValue(
  props: CheckoutFormProps,
  state: Pick<CheckoutPageValue, "checkout" | "setCheckout" | "placing">,
): CheckoutPageValue {
  const { shop, instance, basket, basketHoldsGiftcard, api, today } = props;
  const timeZone = shop.productionUnit.timeZone;
  return { shop, instance, basket, basketHoldsGiftcard, api, today, timeZone, ...state };
}

/** "Please fill in: name, time", once the guest has tried to place the order; null while nothing is missing. */
function useMissingText(session: FormSession, settings: CheckoutShop["settings"]): string | null {
  const { t } = useTranslation();
  const missing = session.showValidationErrors ? missingFields(session, settings) : [];
  if (missing.length === 0) return null;
  const list = joinMissing(
    missing.map((key) => t(key)),
    { separator: t("MissingFields.ListSeparator"), lastSeparator: t("MissingFields.ListLastSeparator") },
  );
  return `${t("MissingFields.Generic")}: ${list}`;
}

type FocusTargets = { formRef: RefObject<HTMLFormElement | null>; messageRef: RefObject<HTMLDivElement | null> };

/**
 * Placing the order (place-order.ts) and what the form does with the outcome: the hosted payment page, the order
 * page, or a refusal that says what happened, with the session and the checkout put in line with it.
 */
type PlaceOrderProps = CheckoutFormProps & { readAgain: () => Promise<void> };

function usePlaceOrder(props: PlaceOrderProps, store: FormSessionStore, focus: FocusTargets) {
  const [step, setStep] = useState<PlaceOrderStep | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { shop, checkout, api } = props;
  const { i18n } = useTranslation();

  async function place(paymentMethod: PaymentMethod) {
    setRefusal(null);
    store.dispatch({ type: "validationErrorsShown" });
    let outcome: Awaited<ReturnType<typeof placeOrder>>;
    try {
      const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
      const input = { shop, checkout, session: store.getSnapshot(), paymentMethod, origin: props.origin, language };
      outcome = await placeOrder(input, { api, onStep: setStep });
    } catch (error) {
      setStep(null);
      return props.onFailure(error);
    }
    if (outcome.kind === "hosted") return props.onHostedPayment(outcome.paymentUrl); // the spinner stays
    if (outcome.kind === "placed") return props.onOrderPlaced(outcome.checkoutId);
    setStep(null);
    if (outcome.kind === "refused") await handleRefusal(outcome.refusal);
    // After the errors render: the first field to put right, else the message saying what is wrong.
    requestAnimationFrame(() => {
      const invalid = focus.formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      (invalid ?? focus.messageRef.current)?.focus();
    });
  }

  async function handleRefusal(reason: Refusal) {
    setRefusal(reason);
    if (reason === "SlotFull") {
      store.dispatch({ type: "timeslotChosen", time: null });
      props.onSlotFull(checkout.id);
    }
    if (reason === "DiscountRefused") store.dispatch({ type: "discountCleared" });
    if (reason === "GiftcardRefused") store.dispatch({ type: "giftcardCleared" });
    if (reason === "BasketGone") return props.onBasketGone();
    if (reason === "CheckoutClosed") return props.onCheckoutClosed();
    // The figures may have changed with the refusal (a code removed, a gift card given back): read them again.
    await props.readAgain();
  }

  return { step, refusal, place };
}

/** What is wrong with the form, always in the page (a screen reader announces it when it appears). */
function FormMessage({
  id,
  messageRef,
  message,
}: {
  id: string;
  messageRef: RefObject<HTMLDivElement | null>;
  message: string | null;
}) {
  return (
    <div
      ref={messageRef}
      id={id}
      className={message ? "checkout-message" : "checkout-message checkout-message-empty"}
      role="alert"
      tabIndex={-1}
    >
      {message}
    </div>
  );
}

function PlacingSpinner({ step }: { step: PlaceOrderStep }) {
  const { t } = useTranslation();
  const message = STEP_MESSAGE[step];
  return (
    <div className="checkout-placing">
      <FullPageSpinner label={t("Spinner.Loading")} message={message ? t(message) : undefined} />
    </div>
  );
}

/**
 * Test data for the checkout page's sections (features checkout, checkout-start, fulfilment, codes and bag-fee): a shop like demo
 * restaurant A, a basket, a checkout as the API answers it, a fake of every checkout call (each one fails loudly
 * until a test gives it an answer) and a page context built from them. Only tests import this file.
 */
import type { AppSettings, Basket, BasketItem, Checkout, InstanceSetting } from "@app/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { vi } from "vitest";
import { BagFeePageProvider } from "../features/bag-fee/bag-fee-page";
import type { CheckoutApi } from "../features/checkout/api";
import {
  CheckoutPageProvider,
  type CheckoutShop,
  type CheckoutPageValue as FormPageValue,
} from "../features/checkout/checkout-page-context";
import {
  type CheckoutSession,
  type CheckoutSessionAction,
  initialCheckoutSession,
} from "../features/checkout-session/checkout-session";
import type { StartCheckoutCalls } from "../features/checkout-start/start-checkout";
import type { CodesApi } from "../features/codes/api";
import { CodesPageProvider } from "../features/codes/codes-page";
import type { FulfilmentApi } from "../features/fulfilment/api";
import { FulfilmentPageProvider } from "../features/fulfilment/fulfilment-page";
import { GuestDetailsPageProvider } from "../features/guest-details/guest-details-page";
import type { PaymentApi } from "../features/payment/api";

/** The page value the tests build: every call faked, so one value serves the form and every section. */
export type CheckoutPageValue = FullCheckoutPageValue;
export {
  type CheckoutSession,
  checkoutSessionReducer,
  EMPTY_GUEST_INFORMATION,
  type GuestInformationDraft,
  initialCheckoutSession,
} from "../features/checkout-session/checkout-session";

/** Every call of the checkout page, as the app hands them to the form (app/routes/checkout-form-page.tsx). */
export type AllCheckoutCalls = CheckoutApi &
  StartCheckoutCalls &
  CodesApi &
  FulfilmentApi &
  PaymentApi & { getInstanceSettings: unknown };

export const TODAY = "2026-11-23";
export const TIME_ZONE = "Europe/Copenhagen";
export const BAG_FEE_ITEM = 900;

export const SETTINGS: AppSettings = {
  terms: "/terms",
  requiredGuestInformation: { name: true, phone: true, email: true },
  enforceCapacity: true,
  showExpandedCart: true,
  logo: "/images/logo-a.svg",
  orderIdType: "external",
  receiptType: "email",
  deliveryEnabled: false,
  showClosedFrontpageMessage: false,
  onlinePayment: true,
  mobilepay: true,
  payAtPickup: true,
  startCategory: null,
  precheckoutCategory: null,
  bagFeeItem: BAG_FEE_ITEM,
  smileyUrl: null,
  primaryColor: null,
  requireLogin: true,
  pauseWhenIdle: true,
};

export function aShop(settings: Partial<AppSettings> = {}): CheckoutShop {
  return {
    module: {
      id: 1,
      name: "Bistro Nørrebro – Takeaway",
      type: 1,
      productionUnitId: 1,
      isActive: true,
      isVisible: true,
      menuInstanceId: 1,
      productInstanceId: 1,
      checkoutInstanceId: 11,
      capacityInstanceId: 21,
      deliveryInstanceId: 31,
      discountInstanceId: 41,
      giftcardInstanceId: 51,
      paymentInstanceId: 61,
      lavuInstanceId: null,
      placeholderInstanceId: null,
      posSettingInstanceId: null,
    },
    productionUnit: {
      id: 1,
      name: "Bistro Nørrebro",
      address: "Nørrebrogade 1, 2200 København N",
      zipCode: "2200",
      phone: "35361122",
      receiptEmail: "kvittering@bistro-norrebro.dk",
      cvrNumber: "38472915",
      timeZone: TIME_ZONE,
    },
    settings: { ...SETTINGS, ...settings },
    // A live payment account: no test-mode notice (issue 46) unless a test asks for one.
    paymentTestMode: false,
  };
}

export function anInstance(overrides: Partial<InstanceSetting> = {}): InstanceSetting {
  return {
    instanceId: 11,
    isGiftcardEnabled: true,
    isDiscountEnabled: true,
    guestFutureOrderDates: 0,
    chainDeliveryEnabled: false,
    orderTimeInterval: 15,
    ...overrides,
  };
}

export function aBasketItem(overrides: Partial<BasketItem> = {}): BasketItem {
  return {
    id: "line-1",
    productId: 1,
    name: "Classic burger",
    amount: 2,
    price: 100,
    productPrice: 100,
    imageUrl: null,
    totalPrice: 200,
    choices: [],
    editingIsDisabled: false,
    ...overrides,
  } as BasketItem;
}

export function aBasket(items: BasketItem[] = [aBasketItem()]): Basket {
  return {
    id: "basket-1",
    createdTimeUtc: "2026-11-23T11:00:00.000Z",
    items,
    products: items.map((item) => ({ id: item.id, productId: item.productId, count: item.amount })),
    totalPrice: items.reduce((sum, item) => sum + item.totalPrice, 0),
    itemCount: items.reduce((sum, item) => sum + item.amount, 0),
  };
}

export function aCheckout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    id: "checkout-1",
    instanceId: 11,
    moduleId: 1,
    createdUtc: "2026-11-23T11:00:00.000Z",
    state: 0,
    checkoutBaskets: [{ externalBasketId: "basket-1" }],
    discounts: [],
    giftcards: [],
    orderId: null,
    payment: null,
    delivery: null,
    guestInformation: {
      name: null,
      phone: null,
      email: null,
      orderComment: null,
      amountOfGuests: null,
      amountOfKids: null,
    },
    orderReadyTime: null,
    totals: { basketTotal: 200, discount: 0, deliveryFee: 0, total: 200, giftcard: 0, totalLeft: 200 },
    ...overrides,
  };
}

/** Every checkout call as a mock that rejects until the test says what it answers. */
export function fakeCheckoutApi(): {
  [Name in keyof AllCheckoutCalls]: ReturnType<typeof vi.fn<AllCheckoutCalls[Name]>>;
} {
  const notFaked = (name: string) => () => Promise.reject(new Error(`${name} was called but not faked`));
  const names: (keyof AllCheckoutCalls)[] = [
    "addDiscount",
    "addGiftcard",
    "addPayment",
    "cancelPayment",
    "createCheckout",
    "finalizeCheckout",
    "getAvailableOrderTimes",
    "getCheckout",
    "getDeliveryDates",
    "getDeliveryTimes",
    "getGiftcardAmount",
    "getInstanceSettings",
    "getOneItemSlots",
    "getOrder",
    "getPayment",
    "linkBasket",
    "removeDelivery",
    "removeDiscount",
    "removeGiftcard",
    "saveGuestInformation",
    "setDeliveryAddress",
    "setDeliveryDate",
    "setDeliveryTime",
    "validateDiscount",
    "validateOrder",
  ];
  return Object.fromEntries(names.map((name) => [name, vi.fn(notFaked(name))])) as never;
}

/** The page's value with every call: what the app hands the form and its sections. */
export type FullCheckoutPageValue = Omit<FormPageValue, "api"> & {
  api: ReturnType<typeof fakeCheckoutApi>;
  /** The guest's checkout session and its dispatch, as the app hands them to the sections. */
  session: CheckoutSession;
  dispatch: (action: CheckoutSessionAction) => void;
  changeBagFee: (change: "add" | "remove") => Promise<void>;
  /** The bag product's catalogue price (the bag choice shows it). */
  bagFeePrice?: number | null;
};

/** A page context like the page builds, with fakes; override what the test is about. */
export function checkoutPageValue(overrides: Partial<FullCheckoutPageValue> = {}): FullCheckoutPageValue {
  return {
    shop: aShop(),
    instance: anInstance(),
    basket: aBasket(),
    basketHoldsGiftcard: false,
    checkout: aCheckout(),
    setCheckout: vi.fn(),
    session: initialCheckoutSession(TODAY),
    dispatch: vi.fn(),
    today: TODAY,
    timeZone: TIME_ZONE,
    placing: false,
    changeBagFee: vi.fn(() => Promise.resolve()),
    api: fakeCheckoutApi(),
    ...overrides,
  };
}

/**
 * The page's value for every section, as the app composes them, and a query client of the test's own (no retries:
 * a failure shows at once, as the page shows it).
 */
export function WithCheckoutPage({
  value,
  queryClient: given,
  children,
}: {
  value: FullCheckoutPageValue;
  /** The test's own, to invalidate what the page would; left out, one of this page's own. */
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [queryClient] = useState(() => given ?? testQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <CheckoutPageProvider value={value}>
        <FulfilmentPageProvider value={value}>
          <CodesPageProvider value={value}>
            <BagFeePageProvider value={value}>
              <GuestDetailsPageProvider value={value}>{children}</GuestDetailsPageProvider>
            </BagFeePageProvider>
          </CodesPageProvider>
        </FulfilmentPageProvider>
      </CheckoutPageProvider>
    </QueryClientProvider>
  );
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * The /checkout form with its sections put together (STYLE.md: features never import each other, the app composes
 * them): the checkout-session feature's session of the guest's entries, the checkout feature's form, the guest-details feature's comment and guest info, the fulfilment
 * feature's pickup-time section, the codes feature's discount and gift-card fields and the bag-fee feature's
 * bring-own-bag box, all reading the form's
 * page value, with every call of the page (checkout-calls.ts).
 * A chunk of its own (checkout-page.tsx loads it lazily), with the query client of the sections' server state:
 * neither lands in the first load.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import "./checkout-payment.css";
import "./checkout-details.css";
import { BagFeePageProvider, BringOwnBag } from "../../features/bag-fee";
import { type CheckoutApi, CheckoutForm, type CheckoutFormProps } from "../../features/checkout";
import { useCheckoutSessionStore } from "../../features/checkout-session";
import { CodesPageProvider, DiscountField, GiftcardField } from "../../features/codes";
import { FulfilmentPageProvider, invalidateSlots, PickupTimeSection } from "../../features/fulfilment";
import { GuestDetailsPageProvider, GuestInfoSection, OrderCommentSection } from "../../features/guest-details";
import type { CheckoutPageCalls } from "./checkout-calls";

export type CheckoutFormPageProps = Omit<
  CheckoutFormProps,
  | "api"
  | "sessionStore"
  | "today"
  | "renderGuestDetails"
  | "renderPickupTime"
  | "renderCodes"
  | "renderBagFee"
  | "onSlotFull"
> & {
  api: CheckoutPageCalls;
  /** Now, for the restaurant's today: the checkout session's default date. */
  now: () => Date;
  /** SPEC §4's bag fee on the basket: the bag product added once, or its line removed (the basket feature's). */
  changeBagFee: (change: "add" | "remove") => Promise<void>;
  /** The bag product's catalogue price (the bag choice shows it before the bag is in the basket). */
  bagFeePrice?: number | null;
};

/**
 * No retries: a failed read shows its "try again" at once, as before the query library; reads are kept for the
 * page's lifetime only (a client per form).
 */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

export function CheckoutFormPage({ api, changeBagFee, bagFeePrice = null, now, ...props }: CheckoutFormPageProps) {
  const [queryClient] = useState(createQueryClient);
  const formApi: CheckoutApi = api;
  // The guest's entries: the form reads them to place the order, each section reads and changes its part.
  const { store, session, dispatch, today } = useCheckoutSessionStore(props.shop.productionUnit.timeZone, now);
  const entries = { session, dispatch };
  return (
    <QueryClientProvider client={queryClient}>
      <CheckoutForm
        {...props}
        api={formApi}
        sessionStore={store}
        today={today}
        renderGuestDetails={(page) => (
          <GuestDetailsPageProvider value={{ ...page, ...entries }}>
            <OrderCommentSection />
            <GuestInfoSection />
          </GuestDetailsPageProvider>
        )}
        renderPickupTime={(page) => (
          <FulfilmentPageProvider value={{ ...page, ...entries, api }}>
            <PickupTimeSection />
          </FulfilmentPageProvider>
        )}
        renderCodes={(page) => (
          <CodesPageProvider value={{ ...page, ...entries, api }}>
            <DiscountField />
            <GiftcardField />
          </CodesPageProvider>
        )}
        renderBagFee={(page) => (
          <BagFeePageProvider value={{ ...page, ...entries, changeBagFee, bagFeePrice }}>
            <BringOwnBag />
          </BagFeePageProvider>
        )}
        onSlotFull={(checkoutId) => void invalidateSlots(queryClient, checkoutId)}
      />
    </QueryClientProvider>
  );
}

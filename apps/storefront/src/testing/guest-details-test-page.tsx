/**
 * Test-only: renders a section of the guest details with a real session store and a real checkout state,
 * so a test drives the UI and reads what the reducer made of it (SPEC §4's rules through the UI). Only tests
 * import this file.
 */
import type { Checkout } from "@app/contracts";
import { render } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { vi } from "vitest";
import { type CheckoutSession, initialCheckoutSession } from "../features/checkout-session/checkout-session";
import { createCheckoutSessionStore } from "../features/checkout-session/checkout-session-store";
import { useCheckoutSession } from "../features/checkout-session/hooks/use-checkout-session";
import {
  checkoutPageValue,
  type FullCheckoutPageValue,
  fakeCheckoutApi,
  TODAY,
  testQueryClient,
  WithCheckoutPage,
} from "./checkout-fixtures";

type PageOverrides = Partial<Omit<FullCheckoutPageValue, "session" | "dispatch" | "setCheckout" | "api">>;
type FakeApi = ReturnType<typeof fakeCheckoutApi>;

export function renderGuestDetails(
  section: ReactNode,
  {
    session = {},
    api = fakeCheckoutApi(),
    ...overrides
  }: PageOverrides & { session?: Partial<CheckoutSession>; api?: FakeApi } = {},
) {
  const store = createCheckoutSessionStore({ ...initialCheckoutSession(TODAY), ...session }, undefined);
  const base = checkoutPageValue({ ...overrides, api });
  const setCheckout = vi.fn<(checkout: Checkout) => void>();
  const queryClient = testQueryClient();

  function Page({ value }: { value: FullCheckoutPageValue }) {
    const [current, dispatch] = useCheckoutSession(store);
    const [checkout, setCheckoutState] = useState(value.checkout);
    const page: FullCheckoutPageValue = {
      ...value,
      session: current,
      dispatch,
      checkout,
      setCheckout: (next) => {
        setCheckout(next);
        setCheckoutState(next);
      },
    };
    return (
      <WithCheckoutPage value={page} queryClient={queryClient}>
        {section}
      </WithCheckoutPage>
    );
  }

  const view = render(<Page value={base} />);
  return {
    store,
    api,
    setCheckout,
    /** The page's query client: a test invalidates what the page would (a slot filled up). */
    queryClient,
    /** Renders again with page values changed (basket, placing…); the checkout state stays. */
    rerender: (changes: PageOverrides) => view.rerender(<Page value={{ ...base, ...changes }} />),
  };
}

import { describe, expect, test, vi } from "vitest";
import { initialCheckoutSession } from "./checkout-session";
import { CHECKOUT_SESSION_KEY, loadCheckoutSession, type SessionStorage } from "./checkout-session-storage";
import { createCheckoutSessionStore } from "./checkout-session-store";

function memoryStorage(): SessionStorage {
  const items: Record<string, string> = {};
  return {
    getItem: (key) => items[key] ?? null,
    setItem: (key, value) => {
      items[key] = value;
    },
  };
}

describe("checkout session store", () => {
  test("applies an action, tells the listeners and saves, so a reload gets it back", () => {
    const storage = memoryStorage();
    const store = createCheckoutSessionStore(initialCheckoutSession("2026-05-01"), storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch({ type: "guestInformationChanged", changes: { name: "Ann" } });
    expect(store.getSnapshot().guestInformation.name).toBe("Ann");
    expect(listener).toHaveBeenCalledTimes(1);
    expect(loadCheckoutSession(storage, "2026-05-01").guestInformation.name).toBe("Ann");
  });

  test("an action that changes nothing neither saves nor tells the listeners", () => {
    const storage = memoryStorage();
    const setItem = vi.spyOn(storage, "setItem");
    const store = createCheckoutSessionStore({ ...initialCheckoutSession("2026-05-01"), isDelivery: false }, storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch({ type: "deliveryMethodChosen", isDelivery: false, futureOrderDatesAllowed: true });
    expect(listener).not.toHaveBeenCalled();
    expect(setItem).not.toHaveBeenCalledWith(CHECKOUT_SESSION_KEY, expect.anything());
  });

  test("an unsubscribed listener hears nothing more", () => {
    const store = createCheckoutSessionStore(initialCheckoutSession("2026-05-01"), undefined);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.dispatch({ type: "validationErrorsShown" });
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot().showValidationErrors).toBe(true);
  });
});

/**
 * What the payments page says about an organisation's provider, as pure functions of the server's answer (tested in
 * payment-status.test.ts): which badge, and which methods a restaurant offers guests.
 */
import type { PaymentRestaurant, PaymentSettings } from "@app/contracts";

/** "provider": the built-in test provider (nothing stored); "test"/"live": the stored Stripe key's mode. */
export type PaymentStatus = "provider" | "test" | "live";

export function paymentStatus(settings: Pick<PaymentSettings, "account">): PaymentStatus {
  if (!settings.account) return "provider";
  return settings.account.mode;
}

export type PaymentMethodName = "card" | "mobilepay" | "payAtPickup";
const METHOD_ORDER: PaymentMethodName[] = ["card", "mobilepay", "payAtPickup"];

/** The methods the restaurant offers, in the order the settings list them. */
export function offeredMethods(restaurant: Pick<PaymentRestaurant, "methods">): PaymentMethodName[] {
  return METHOD_ORDER.filter((method) => restaurant.methods[method]);
}

/** Online methods (card, MobilePay) go to the provider; with nothing stored there, no money moves. */
export function takesOnlinePayments(restaurant: Pick<PaymentRestaurant, "methods">): boolean {
  return restaurant.methods.card || restaurant.methods.mobilepay;
}

/** The restaurant's settings section, where its methods are edited. */
export const restaurantSettingsPath = (restaurantId: number) => `/restaurants/${restaurantId}/settings`;

import type { Shop } from "./api/start-app";

/**
 * Whether the shop must say "test mode, no money moves" (issue 46): its online payments go where no money moves
 * (no payment account: the built-in test provider; or a Stripe test key) and it offers one (card or MobilePay).
 * A shop that only takes payment at pickup takes real money at the counter: nothing to warn about.
 */
export function showsTestMode(shop: Pick<Shop, "paymentTestMode" | "settings">): boolean {
  return shop.paymentTestMode && (shop.settings.onlinePayment || shop.settings.mobilepay);
}

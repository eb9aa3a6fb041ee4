/**
 * The payment section's figures as rows, one word per meaning (issue 42: the cart said "I alt 158 kr." and the
 * payment section "I alt 142,60 kr." — two amounts under one word). The words are the CheckoutTotals
 * section's, the same on the cart section's subtotal and here, in the same order in both languages:
 *
 *   Subtotal (the food, without the bag) − Discount + Bag fee + Delivery fee − Gift card = Total to pay
 *
 * The figures are the server's (checkout.totals); the only arithmetic here splits the server's basket total
 * into the food and the bag line the server priced, so the bag fee shows as what it is. The discount is taken
 * off the food only (decision 005), so it follows the subtotal; the gift card pays the order with its fees, so
 * it comes after them. "Total to pay" is what the guest pays now: the server's totalLeft.
 */
import type { CheckoutTotals } from "@app/contracts";

export type TotalRowKey = "subtotal" | "discount" | "bagFee" | "deliveryFee" | "giftcard" | "paid" | "totalToPay";

export type TotalRow = {
  key: TotalRowKey;
  /** The CheckoutTotals message key of the row's words. */
  label: `CheckoutTotals.${Capitalize<TotalRowKey>}`;
  amount: number;
  /** Taken off (shown with a minus). */
  minus: boolean;
};

export type TotalRowsInput = {
  totals: CheckoutTotals;
  /** The basket's bag line total as the server priced it; 0 without a bag line. */
  bagFee: number;
  /** The guest has chosen delivery (the fee row shows even at 0 kr., so a free delivery says so). */
  isDelivery: boolean;
};

const LABEL = {
  subtotal: "CheckoutTotals.Subtotal",
  discount: "CheckoutTotals.Discount",
  bagFee: "CheckoutTotals.BagFee",
  deliveryFee: "CheckoutTotals.DeliveryFee",
  giftcard: "CheckoutTotals.Giftcard",
  paid: "CheckoutTotals.Paid",
  totalToPay: "CheckoutTotals.TotalToPay",
} as const satisfies Record<TotalRowKey, TotalRow["label"]>;

/** Øre: the figures are kroner with two decimals, and 0.1 + 0.2 must not leave 0.30000000000000004. */
const roundKr = (amount: number) => Math.round(amount * 100) / 100;

export function totalRows({ totals, bagFee, isDelivery }: TotalRowsInput): TotalRow[] {
  const row = (key: TotalRowKey, amount: number, minus = false): TotalRow => ({
    key,
    label: LABEL[key],
    amount: roundKr(amount),
    minus,
  });
  const rows = [row("subtotal", totals.basketTotal - bagFee)];
  if (totals.discount > 0) rows.push(row("discount", totals.discount, true));
  if (bagFee > 0) rows.push(row("bagFee", bagFee));
  if (isDelivery) rows.push(row("deliveryFee", totals.deliveryFee));
  if (totals.giftcard > 0) rows.push(row("giftcard", totals.giftcard, true));
  // Paid online already (a payment holding money on an open checkout): rare, but the rows must add up.
  const paid = roundKr(totals.total - totals.giftcard - totals.totalLeft);
  if (paid > 0) rows.push(row("paid", paid, true));
  rows.push(row("totalToPay", totals.totalLeft));
  return rows;
}

/** The food in the basket: its total without the bag line (the cart section's subtotal). */
export function bagFeeOf(
  basket: { items: readonly { productId: number; totalPrice: number }[] },
  bagFeeItem: number | null,
): number {
  if (bagFeeItem === null) return 0;
  return roundKr(
    basket.items.filter((item) => item.productId === bagFeeItem).reduce((sum, item) => sum + item.totalPrice, 0),
  );
}

/**
 * What a refund of an order gives back, and from which payments (issue 45, docs/decisions/036-refunds.md).
 * Amounts in øre. Pure: the API decides with these under the order's lock, the back office shows the same
 * numbers before the manager confirms.
 */

export type RefundLineInput = {
  id: string;
  /** Units ordered. */
  amount: number;
  totalMinor: number;
  /** Units and øre of this line given back by earlier refunds. */
  refundedAmount: number;
  refundedMinor: number;
};

/**
 * Each line's share of the order's discount, in proportion to the line's total, the rounding øre going to the
 * largest remainders so the shares add up to the discount exactly. A line's net (what the guest paid for it) is
 * its total less its share.
 */
export function lineDiscountShares(lineTotalsMinor: number[], discountMinor: number): number[] {
  const basket = lineTotalsMinor.reduce((sum, total) => sum + total, 0);
  if (basket <= 0 || discountMinor <= 0) return lineTotalsMinor.map(() => 0);
  const discount = Math.min(discountMinor, basket);
  const exact = lineTotalsMinor.map((total) => (discount * total) / basket);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * What refunding `units` more of a line gives back: its net in proportion to the units, rounded down, except that
 * the line's last units take whatever is left of its net, so refunding a line unit by unit adds up to its net.
 */
export function lineRefundMinor(line: RefundLineInput, netMinor: number, units: number): number {
  const unitsLeft = line.amount - line.refundedAmount;
  if (units <= 0 || units > unitsLeft) return 0;
  if (units === unitsLeft) return Math.max(0, netMinor - line.refundedMinor);
  return Math.floor((netMinor * units) / line.amount);
}

export type RefundSource = {
  paymentId: string;
  kind: "online" | "giftcard";
  /** What came in by this payment. */
  amountMinor: number;
  /** What earlier refunds gave back of it. */
  refundedMinor: number;
};

export type RefundPart = { paymentId: string; kind: "online" | "giftcard"; amountMinor: number };

/**
 * Splits a refund over the payments it is given back through: card and MobilePay payments first (the guest's own
 * money back where it came from), then gift cards, each never more than it brought in less its earlier refunds.
 * Answers null when the payments cannot cover the amount.
 */
export function splitRefund(sources: RefundSource[], amountMinor: number): RefundPart[] | null {
  const ordered = [
    ...sources.filter((source) => source.kind === "online"),
    ...sources.filter((source) => source.kind === "giftcard"),
  ];
  const parts: RefundPart[] = [];
  let left = amountMinor;
  for (const source of ordered) {
    if (left <= 0) break;
    const take = Math.min(left, Math.max(0, source.amountMinor - source.refundedMinor));
    if (take <= 0) continue;
    parts.push({ paymentId: source.paymentId, kind: source.kind, amountMinor: take });
    left -= take;
  }
  return left > 0 ? null : parts;
}

/** What the payments can still give back. */
export function refundableMinor(sources: RefundSource[]): number {
  return sources.reduce((sum, source) => sum + Math.max(0, source.amountMinor - source.refundedMinor), 0);
}

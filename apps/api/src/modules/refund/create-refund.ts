/**
 * A manager or owner gives money back on an order from its page (issue 45): the whole order, chosen lines or an
 * amount, with a reason. One transaction under the order's row lock, so refunds of one order are decided one at a
 * time and each sees what the one before gave back: never more than was paid, however many clicks arrive at once.
 * In it: the order_refund row, its card and MobilePay parts queued in the payment refund outbox and its gift-card
 * part credited back (through payment), the guest's 'refunded' message (through receipt), the audit entry, and
 * when nothing is left to refund, the restaurant's 'order.refunded' event (the kitchen's screens).
 * The provider is asked and the message sent after the commit (their outboxes' runs are kicked).
 */
import type { OrderRefund, OrderRefunds, RefundRequest } from "@app/contracts";
import { lineRefundMinor, splitRefund, toDkk, toMinor } from "@app/domain";
import type { Deps } from "../../deps";
import { AppError, notFound, unprocessable } from "../../errors";
import { recordAudit } from "../audit";
import { findOrder, lockOrder } from "../order";
import { giveRefundPartsBack } from "../payment";
import { MANAGERS, requireRestaurant, type SignedInStaff } from "../staff";
import { type RefundState, readRefundState, toOrderRefund, toOrderRefunds, wholeOrderLines } from "./refund-state";
import { insertOrderRefund, type OrderRefundLine } from "./repository";
import { tellGuest, tellScreens } from "./tell-about-refund";

type Decided = { refund: OrderRefund; order: OrderRefunds; refundQueued: boolean; messaged: boolean };

export async function createRefund(
  deps: Pick<Deps, "db" | "now" | "refunds" | "receipts">,
  staff: SignedInStaff,
  orderId: string,
  request: RefundRequest,
): Promise<{ refund: OrderRefund; order: OrderRefunds }> {
  const found = await findOrder(deps.db, orderId);
  if (!found) throw notFound("Order");
  const organisationId = requireOrderManager(staff, found.productionUnitId);
  const now = deps.now();
  const decided = await deps.db.transaction(async (tx): Promise<Decided> => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound("Order");
    const before = await readRefundState(tx, order);
    const { amountMinor, lines } = refundOf(before, request);
    const parts = splitRefund(before.payments, amountMinor);
    if (!parts) throw tooMuch(before, request);
    const row = await insertOrderRefund(tx, {
      orderId,
      amountMinor,
      kind: request.kind,
      lines,
      reason: request.reason,
      accountId: staff.account.id,
      createdAt: now,
    });
    const given = await giveRefundPartsBack(tx, parts, { id: row.id, accountId: staff.account.id }, now);
    const messaged = await tellGuest(tx, order, row.id, now);
    const after = await readRefundState(tx, order);
    if (after.refundableMinor === 0) await tellScreens(tx, order, now);
    await recordAudit(tx, staff, now, {
      organisationId,
      productionUnitId: order.productionUnitId,
      action: "order.refund",
      before: { orderId, receiptNumber: order.receiptNumber, refunded: toDkk(before.refundedMinor) },
      after: {
        orderId,
        receiptNumber: order.receiptNumber,
        refunded: toDkk(after.refundedMinor),
        refund: { id: row.id, kind: row.kind, amount: toDkk(amountMinor), reason: row.reason, lines },
        online: toDkk(given.onlineMinor),
        giftcard: toDkk(given.giftcardMinor),
      },
    });
    return {
      refund: toOrderRefund(row, given),
      order: await toOrderRefunds(tx, after),
      refundQueued: given.refundQueued,
      messaged,
    };
  });
  if (decided.refundQueued) deps.refunds.kick();
  if (decided.messaged) deps.receipts.kick();
  return { refund: decided.refund, order: decided.order };
}

/** Managers and owners of the order's restaurant; staff get 403; anyone else is told the order does not exist. */
export function requireOrderManager(staff: SignedInStaff, productionUnitId: number): number {
  try {
    return requireRestaurant(staff, productionUnitId, MANAGERS).organisationId;
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") throw notFound("Order");
    throw error;
  }
}

/** What the request gives back, checked against the state; a refusal names the field that caused it. */
function refundOf(state: RefundState, request: RefundRequest): { amountMinor: number; lines: OrderRefundLine[] } {
  if (state.refundableMinor <= 0) throw nothingLeft(state);
  if (request.kind === "order") {
    return { amountMinor: state.refundableMinor, lines: wholeOrderLines(state, state.refundableMinor) };
  }
  if (request.kind === "amount") {
    const amountMinor = toMinor(request.amount);
    if (amountMinor > state.refundableMinor) throw tooMuch(state, request);
    return { amountMinor, lines: [] };
  }
  const lines = request.lines.map((wanted, index) => lineRefund(state, wanted, index));
  const amountMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  if (amountMinor > state.refundableMinor) throw tooMuch(state, request);
  return { amountMinor, lines };
}

function lineRefund(
  state: RefundState,
  wanted: { orderLineId: string; amount: number },
  index: number,
): OrderRefundLine {
  const line = state.lines.find((found) => found.id === wanted.orderLineId);
  if (!line) throw unprocessable("Refund.LineNotFound", "The order has no such line", `lines.${index}.orderLineId`);
  const unitsLeft = line.amount - line.refundedAmount;
  if (wanted.amount > unitsLeft) {
    throw unprocessable(
      "Refund.LineAmountTooHigh",
      `Only ${unitsLeft} of "${line.name}" can still be refunded`,
      `lines.${index}.amount`,
    );
  }
  const amountMinor = lineRefundMinor(line, line.netMinor, wanted.amount);
  if (amountMinor <= 0) {
    throw unprocessable(
      "Refund.LineFree",
      `"${line.name}" cost nothing: there is nothing to refund`,
      `lines.${index}.amount`,
    );
  }
  return { orderLineId: line.id, amount: wanted.amount, amountMinor };
}

/** Nothing can be given back: nothing was paid online or by gift card, or it was all given back already. */
function nothingLeft(state: RefundState) {
  if (state.paidMinor <= 0) {
    return unprocessable(
      "Refund.NothingPaid",
      "Nothing was paid online or by gift card for this order (it is paid at pickup): there is nothing to refund here",
    );
  }
  return unprocessable("Refund.NothingLeft", "Everything paid for this order has already been refunded");
}

function tooMuch(state: RefundState, request: RefundRequest) {
  return unprocessable(
    "Refund.TooMuch",
    `At most ${toDkk(state.refundableMinor)} kr. can still be refunded`,
    request.kind === "amount" ? "amount" : request.kind === "lines" ? "lines" : undefined,
  );
}

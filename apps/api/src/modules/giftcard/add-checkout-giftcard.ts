import type { AddCheckoutGiftcard, Checkout } from "@app/contracts";
import { capGiftcardAmounts, toMinor } from "@app/domain";
import { unprocessable } from "../../errors";
import {
  changeOpenCheckout,
  findCheckoutInstance,
  readCheckoutJson,
  readCheckoutTotals,
  replaceCheckoutGiftcard,
} from "../checkout";
import { requireOwnModule } from "../tenancy";
import { findOtherCheckoutGiftcards } from "./repository";
import { type Deps, notForGiftcardProducts, requireUsableCard } from "./usable-giftcard";

/**
 * POST /checkout/{id}/giftcard: plans a payment with the card. The amount is capped at the balance
 * and at basket − discount + delivery fee minus what other applied cards already pay. The balance is
 * not drawn here: the payment draws it with a conditional update when the guest pays. Refused when
 * the basket holds a gift-card product (SPEC §5: a gift card never pays for a gift card).
 */
export async function addCheckoutGiftcard(
  { db, now }: Deps,
  productionUnitId: number,
  checkoutId: string,
  body: AddCheckoutGiftcard,
): Promise<Checkout> {
  const row = await changeOpenCheckout(db, checkoutId, productionUnitId, async (tx, checkout) => {
    const found = await requireOwnModule(tx, checkout.moduleId, productionUnitId);
    const instance = await findCheckoutInstance(tx, checkout.checkoutInstanceId);
    if (!instance?.isGiftcardEnabled || found.giftcardInstanceId === null) {
      throw unprocessable("GIFTCARD_DISABLED", "Gift cards cannot be used here", "giftcardCode");
    }
    const totals = await readCheckoutTotals(tx, checkout);
    if (totals.hasGiftcardProduct) throw notForGiftcardProducts();
    const card = await requireUsableCard(tx, found.giftcardInstanceId, body.giftcardCode, now());
    const others = await findOtherCheckoutGiftcards(tx, checkout.id, card.id);
    const wantedMinor = Math.min(
      card.balanceMinor,
      body.amount === undefined ? card.balanceMinor : toMinor(body.amount),
    );
    // The other cards keep what they pay; this one, applied last, pays at most what they leave.
    const amountMinor = capGiftcardAmounts(totals.orderTotalMinor, [
      ...others.map((other) => other.amountMinor),
      wantedMinor,
    ]).at(-1)!;
    if (amountMinor <= 0) {
      throw unprocessable(
        "GIFTCARD_NOTHING_TO_PAY",
        card.balanceMinor <= 0 ? "The gift card has no balance left" : "There is nothing left to pay with a gift card",
        "giftcardCode",
      );
    }
    await replaceCheckoutGiftcard(tx, { checkoutId: checkout.id, giftcardId: card.id, code: card.code, amountMinor });
    return checkout;
  });
  return readCheckoutJson(db, row);
}

/** What the gift-card use cases share: the card must exist and be valid; never for gift-card products. */
import type { Db, Executor } from "@app/db";
import { normalizeCode } from "@app/domain";
import { unprocessable } from "../../errors";
import { findGiftcard } from "./repository";

export type Deps = { db: Db; now: () => Date };

const NOT_VERIFIED = "We could not verify the gift card";

export function notForGiftcardProducts() {
  return unprocessable(
    "Giftcard.Generic",
    "Not available when ordering a giftcard: a gift card cannot pay for gift-card products",
    "giftcardCode",
  );
}

export async function requireUsableCard(db: Executor, giftcardInstanceId: number, code: string, now: Date) {
  const card = await findGiftcard(db, giftcardInstanceId, normalizeCode(code));
  const expired = card?.validUntil ? card.validUntil.getTime() < now.getTime() : false;
  // A deactivated card is refused like an unknown one: the guest learns nothing about why.
  if (!card || expired || !card.isActive) throw unprocessable("Giftcard.Generic", NOT_VERIFIED, "giftcardCode");
  return card;
}

import type { GiftcardAmount } from "@app/contracts";
import { toDkk } from "@app/domain";
import { requireOwnInstance } from "../tenancy";
import { type Deps, requireUsableCard } from "./usable-giftcard";

/**
 * GET /giftcard/{instanceId}/{code}/amount: the card's balance in DKK, a bare number (SPEC §7: "response
 * is the amount"); unknown or expired is 422 Giftcard.Generic.
 */
export async function getGiftcardAmount(
  { db, now }: Deps,
  productionUnitId: number,
  instanceId: number,
  code: string,
): Promise<GiftcardAmount> {
  await requireOwnInstance(db, "giftcardInstanceId", instanceId, productionUnitId);
  const card = await requireUsableCard(db, instanceId, code, now());
  return toDkk(card.balanceMinor);
}

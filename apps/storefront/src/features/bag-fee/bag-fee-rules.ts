/**
 * SPEC §4's bag fee as the page applies it: the bag product is added or removed by the storefront when the guest
 * chooses the restaurant's bag or their own (the API only prices the bag line, once, at amount 1). The choice is
 * explicit and has no default (decision 029).
 */
import type { Basket } from "@app/contracts";

export type BagFeeChange = "add" | "remove" | "none";

/**
 * SPEC §4: bring-own-bag explicitly unticked (false: the guest chose the restaurant's bag) → the bag product is
 * added, once; ticked (true: their own bag) → removed. Not chosen yet (null) changes nothing, nor does a shop
 * without a bag product. A basket without food gets no bag (it counts as empty, SPEC §5). `bagFeeItem` is the
 * app setting's product id.
 */
export function bagFeeChange(
  bringOwnBagIsChecked: boolean | null,
  basket: Basket | null,
  bagFeeItem: number | null,
): BagFeeChange {
  if (bagFeeItem === null || basket === null) return "none";
  const hasBag = basket.items.some((item) => item.productId === bagFeeItem);
  const hasFood = basket.items.some((item) => item.productId !== bagFeeItem && !item.editingIsDisabled);
  if (bringOwnBagIsChecked === false && !hasBag && hasFood) return "add";
  if (bringOwnBagIsChecked === true && hasBag) return "remove";
  return "none";
}

/** The radio pair's value: the restaurant's bag, the guest's own, or none chosen yet. */
export function bagFeeChoiceValue(bringOwnBagIsChecked: boolean | null): "bag" | "own" | null {
  if (bringOwnBagIsChecked === null) return null;
  return bringOwnBagIsChecked ? "own" : "bag";
}

/** The choice is the guest's only for pickup: a delivery comes in the restaurant's bag (SPEC §4). */
export function bagFeeChoiceShown(session: { isDelivery: boolean | null }): boolean {
  return session.isDelivery !== true;
}

/**
 * The price on the choice: the bag line's, as the server priced it, once the bag is in the basket; else the
 * catalogue's price of the bag product; null when neither is known.
 */
export function bagFeeShownPrice(
  basket: Pick<Basket, "items"> | null,
  bagFeeItem: number | null,
  cataloguePrice: number | null,
): number | null {
  if (bagFeeItem === null) return null;
  const line = basket?.items.find((item) => item.productId === bagFeeItem);
  if (line) return line.price;
  return cataloguePrice;
}

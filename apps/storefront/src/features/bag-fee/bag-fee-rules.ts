/**
 * SPEC §4's bag fee as the page applies it: the bag product is added or removed by the storefront when the guest
 * unticks or ticks the bring-own-bag box (the API only prices the bag line, once, at amount 1).
 */
import type { Basket } from "@app/contracts";

export type BagFeeChange = "add" | "remove" | "none";

/**
 * SPEC §4: explicitly unticked (false) → the bag product is added, once; ticked → removed. Untouched (null)
 * changes nothing, nor does a shop without a bag product. A basket without food gets no bag (it counts as
 * empty, SPEC §5). `bagFeeItem` is the app setting's product id.
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

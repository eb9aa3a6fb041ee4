import { useEffect, useRef, useState } from "react";
import { useBagFeePage } from "../bag-fee-page";
import { bagFeeChange } from "../bag-fee-rules";

/**
 * SPEC §4's bag fee, kept true for the page (BringOwnBag runs it, once on the page): when the bring-own-bag
 * box is explicitly unticked the bag product is added once; when ticked it is removed; untouched, nothing happens.
 *
 * One change at a time, and each one once for the basket it was decided on: the basket only shows the bag
 * after changeBagFee resolves, and re-running the rule on the basket from before would add a second bag.
 * A failed change is not retried until the basket or the box changes (the basket feature reports its
 * error); retrying at once could loop against a server that keeps refusing.
 */
export function useBagFeeRule(): void {
  const { session, basket, shop, changeBagFee } = useBagFeePage();
  const change = bagFeeChange(session.bringOwnBagIsChecked, basket, shop.settings.bagFeeItem);
  const running = useRef(false);
  const triedFor = useRef<string | null>(null);
  // Bumped when a change ends, so the rule is looked at again with whatever happened meanwhile.
  const [settled, setSettled] = useState(0);
  const state = `${change}|${basketContents(basket)}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `settled` re-runs the rule after a change ends
  useEffect(() => {
    if (running.current) return;
    // Nothing to do: the basket agrees with the box, so the same change may be needed again later (the guest
    // ticks, the bag goes, the guest unticks).
    if (change === "none") {
      triedFor.current = null;
      return;
    }
    if (triedFor.current === state) return;
    triedFor.current = state;
    running.current = true;
    changeBagFee(change)
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
        setSettled((count) => count + 1);
      });
  }, [change, state, changeBagFee, settled]);
}

/** The basket's lines and amounts: a change that did not change them leaves the same text. */
function basketContents(basket: { id: string; items: readonly { id: string; productId: number; amount: number }[] }) {
  return `${basket.id}:${basket.items.map((item) => `${item.id}/${item.productId}x${item.amount}`).join(",")}`;
}

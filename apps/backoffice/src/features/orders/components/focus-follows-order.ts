import { type RefObject, useLayoutEffect } from "react";

/**
 * Keeps the keyboard's place when an order card leaves its list (accepted, ready, picked up, rejected — here or on
 * another screen): without this the focus fell to the page's start, and someone working the queue by keyboard
 * Tabbed back through the header to find the next order. The focus goes to the same order where it landed (its
 * column on a tablet), else to the order after it in the list, else the one before, else the shown tab.
 */
export function useFocusFollowsOrder(card: RefObject<HTMLElement | null>, orderId: string) {
  useLayoutEffect(() => {
    const element = card.current;
    return () => {
      // A layout effect's clean-up runs before React takes the card out of the page: the focus is still there.
      if (!element?.contains(document.activeElement)) return;
      const item = element.closest("li");
      const after = item?.nextElementSibling?.querySelector<HTMLElement>(".order-toggle");
      const before = item?.previousElementSibling?.querySelector<HTMLElement>(".order-toggle");
      // After the commit: the same order's card in its new column is in the page by then.
      queueMicrotask(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const landed = document.querySelector<HTMLElement>(`[data-order-id="${CSS.escape(orderId)}"] .order-toggle`);
        const tab = document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
        const target = [landed, after, before, tab].find((candidate) => candidate?.isConnected);
        target?.focus();
      });
    };
  }, [card, orderId]);
}

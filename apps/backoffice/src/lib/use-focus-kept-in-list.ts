import { type RefObject, useLayoutEffect } from "react";

type Options = {
  /** The item's identity, also on its element as data-focus-key: where it lands again (another column) is found. */
  key: string;
  /** What to focus in an item: its toggle, its Ready button. */
  target: string;
  /** Where the focus goes when the list has nothing left to offer (the shown tab, Recall). */
  fallback?: string;
};

/**
 * Keeps the keyboard's place when an item leaves its list (an order accepted, bumped, changed on another screen):
 * without this the focus fell to the page's start, and whoever worked the queue by keyboard — or a kitchen's bump
 * bar, which is a keyboard — Tabbed back through the header to find the next one. The focus goes to the same item
 * where it landed, else the item after it, else the one before, else the fallback.
 */
export function useFocusKeptInList(element: RefObject<HTMLElement | null>, { key, target, fallback }: Options) {
  useLayoutEffect(() => {
    const item = element.current;
    return () => {
      // A layout effect's clean-up runs before React takes the element out of the page: the focus is still there.
      if (!item?.contains(document.activeElement)) return;
      const place = item.closest("li") ?? item;
      const after = place.nextElementSibling?.querySelector<HTMLElement>(target);
      const before = place.previousElementSibling?.querySelector<HTMLElement>(target);
      // After the commit, when the same item in its new place is in the page.
      queueMicrotask(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const landed = document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"] ${target}`);
        const last = fallback ? document.querySelector<HTMLElement>(fallback) : null;
        [landed, after, before, last].find((candidate) => candidate?.isConnected)?.focus();
      });
    };
  }, [element, key, target, fallback]);
}

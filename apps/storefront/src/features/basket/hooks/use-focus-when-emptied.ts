import { type RefObject, useEffect, useRef } from "react";

/**
 * The last line removed takes its focused button with it, and with it the list: the focus drops to the page's
 * body and a keyboard or screen-reader user starts again at the top. When `empty` turns true while the focus
 * is lost, it moves to `target` (focusable by script only: `tabindex="-1"`), the heading that says where the
 * guest is, followed by "your basket is empty". A basket that is empty from the start moves nothing.
 */
export function useFocusWhenEmptied(empty: boolean, target: RefObject<HTMLElement | null>): void {
  const wasFilled = useRef(!empty);
  useEffect(() => {
    if (!empty) {
      wasFilled.current = true;
      return;
    }
    if (!wasFilled.current) return;
    wasFilled.current = false;
    const active = document.activeElement;
    if (active && active !== document.body) return; // the guest is somewhere already (a dialog, another control)
    const element = target.current;
    if (!element) return;
    if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    element.focus({ preventScroll: false });
  }, [empty, target]);
}

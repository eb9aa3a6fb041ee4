/** SPEC §9: the panel lands 85 px below the top, clear of the sticky header. */
export const SCROLL_OFFSET_PX = 85;

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Scrolls the page so `element` starts `offset` px from the top; smooth unless the guest asks for less motion. */
export function scrollToElement(element: Element, offset = SCROLL_OFFSET_PX): void {
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? "auto" : "smooth" });
}

/** Brings `element` into view with as little movement as possible (its scroll-margin keeps it off the header). */
export function revealElement(element: Element): void {
  element.scrollIntoView?.({ block: "nearest", behavior: prefersReducedMotion() ? "auto" : "smooth" });
}

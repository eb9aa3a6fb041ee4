/** SPEC §9: the panel lands 85 px below the top, clear of the sticky header. */
export const SCROLL_OFFSET_PX = 85;

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function behaviour(): ScrollBehavior {
  return prefersReducedMotion() ? "auto" : "smooth";
}

/** Scrolls the page so `element` starts `offset` px from the top; smooth unless the guest asks for less motion. */
export function scrollToElement(element: Element, offset = SCROLL_OFFSET_PX): void {
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: behaviour() });
}

/**
 * Shows as much of a just-opened `panel` as fits without pushing its `card`'s title under the sticky
 * header: the page scrolls down only as far as the panel's end needs and never past the card's top at
 * `offset`; a card already partly under the header comes back down to it. One thing wins over the title: the
 * control the panel put the focus on is brought above the panel's sticky footer (and the basket bar). On a short
 * window (200 % zoom) a tall card left it below the fold, with the footer over the panel's start (WCAG 2.4.11).
 */
export function revealWithin(card: Element, panel: Element, offset = SCROLL_OFFSET_PX): void {
  const cardTop = card.getBoundingClientRect().top;
  const below = panel.getBoundingClientRect().bottom - window.innerHeight;
  const wanted = cardTop < offset ? cardTop - offset : Math.max(0, Math.min(below, cardTop - offset));
  const by = Math.max(wanted, focusBelowRoom(panel));
  if (by !== 0) window.scrollTo({ top: Math.max(0, window.scrollY + by), behavior: behaviour() });
}

/**
 * How far the focused control in `panel` reaches below the room left above what stays at the bottom of the
 * window: its scroll-margin-bottom (the panel's sticky footer, menu.css) and the page's scroll-padding-bottom (the
 * basket bar, styles.css), the room the browser keeps when it scrolls a control into view itself. 0 or less: none.
 */
function focusBelowRoom(panel: Element): number {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || !panel.contains(focused)) return 0;
  const margin = Number.parseFloat(getComputedStyle(focused).scrollMarginBottom) || 0;
  const padding = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0;
  return focused.getBoundingClientRect().bottom + margin + padding - window.innerHeight;
}

/**
 * Brings a card back down below the sticky header when its top went under it: closing a long panel above
 * the fold shortens the page under the guest, and the options button that takes the focus back must not
 * sit behind the header (at 200 % zoom it did). A card still in sight is left where it is.
 */
export function keepCardBelowHeader(card: Element, offset = SCROLL_OFFSET_PX): void {
  const cardTop = card.getBoundingClientRect().top;
  if (cardTop < offset) window.scrollTo({ top: Math.max(0, window.scrollY + cardTop - offset), behavior: behaviour() });
}

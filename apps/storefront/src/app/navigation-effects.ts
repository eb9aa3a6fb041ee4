import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** SPEC §2: scroll resets to the top on each navigation to another page. */
export function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/**
 * Whether the app has shown a page already in this document. The layout and the status pages mount anew when
 * the guest moves between them, so "is this a navigation" cannot be a component's own memory.
 */
let pageShown = false;

/**
 * After every navigation inside the app the keyboard focus moves to the new page's main heading (WCAG 2.4.3;
 * issue 42), as a full page load would put a screen reader at the top: without it, focus stays on the link
 * that was clicked, or drops to the body once that link is gone. Not on the document's first page, which the
 * browser starts at the top itself. Every page renders one `h1` in its `main`; a page without one gets the
 * focus on `main`.
 */
export function useFocusOnNavigation(): void {
  const { key } = useLocation();
  const focusedFor = useRef<string | null>(pageShown ? null : key);
  useEffect(() => {
    pageShown = true;
    if (focusedFor.current === key) return;
    focusedFor.current = key;
    focusMainHeading(document);
  }, [key]);
}

/**
 * Focuses the main heading of the page (made focusable by script only, `tabindex="-1"`, so it is no Tab stop),
 * else `main`. The scroll stays where the navigation put it (the top). Styles show a ring only after a key press
 * (`html[data-keyboard]`, trackKeyboardUse). Returns the element focused, or null.
 */
export function focusMainHeading(root: Pick<Document, "querySelector">): HTMLElement | null {
  const target = root.querySelector<HTMLElement>("main h1") ?? root.querySelector<HTMLElement>("main");
  if (!target) return null;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  return target;
}

/**
 * SPEC §2: a page restored from the back-forward cache reloads, so it never shows a stale basket or
 * payment state. Returns the unsubscribe.
 */
export function reloadOnBackForwardRestore(
  target: Pick<Window, "addEventListener" | "removeEventListener">,
  reload: () => void,
): () => void {
  const onPageShow = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) reload();
  };
  target.addEventListener("pageshow", onPageShow);
  return () => target.removeEventListener("pageshow", onPageShow);
}

/**
 * Marks `<html data-keyboard>` from a key press until the next pointer press, so the styles ring a heading focused
 * by script only for a guest using the keyboard. `:focus-visible` alone is not enough: Chromium rings script
 * focus on a page not touched yet, such as the confirmation a guest comes back to from the payment page after
 * tapping "Pay" there. Returns the unsubscribe.
 */
export function trackKeyboardUse(document: Document): () => void {
  const root = document.documentElement;
  const onKey = (event: KeyboardEvent) => {
    if (!event.metaKey && !event.ctrlKey && !event.altKey) root.dataset.keyboard = "";
  };
  const onPointer = () => {
    delete root.dataset.keyboard;
  };
  document.addEventListener("keydown", onKey, true);
  document.addEventListener("pointerdown", onPointer, true);
  return () => {
    document.removeEventListener("keydown", onKey, true);
    document.removeEventListener("pointerdown", onPointer, true);
  };
}

import { useEffect } from "react";
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

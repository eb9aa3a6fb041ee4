import { useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches now, following its changes (a window resized across a breakpoint).
 * False where there is no `matchMedia` (a server, an old test DOM): the phone layout, which works everywhere.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQueryList(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    () => mediaQueryList(query)?.matches ?? false,
    () => false,
  );
}

function mediaQueryList(query: string): MediaQueryList | undefined {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(query)
    : undefined;
}

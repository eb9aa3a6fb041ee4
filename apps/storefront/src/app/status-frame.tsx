import type { ReactNode } from "react";
import { useFocusOnNavigation } from "./navigation-effects";
import { SkipLink } from "./skip-link";

/**
 * What the status pages (/notfound, /error, /maintenance) share with the shop's layout, which they are
 * outside of: the skip link first, and the focus on the page's heading when the guest arrives by navigation.
 */
export function StatusFrame({ children }: { children: ReactNode }) {
  useFocusOnNavigation();
  return (
    <>
      <SkipLink />
      {children}
    </>
  );
}

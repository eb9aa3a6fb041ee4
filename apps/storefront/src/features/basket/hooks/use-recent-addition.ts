import { useEffect, useRef, useState } from "react";
import type { Addition } from "../basket-store";

/** How long an addition is shown: long enough to read a product's name, short enough not to linger. */
export const ADDED_TOAST_MS = 3000;

/**
 * The addition to show: one made since the component mounted, for ADDED_TOAST_MS, then nothing. What was in the
 * basket when the page opened is not an addition of this visit.
 */
export function useRecentAddition(added: Addition | null): Addition | null {
  const seenAtMount = useRef(added?.serial ?? 0);
  const [shown, setShown] = useState<Addition | null>(null);
  useEffect(() => {
    if (!added || added.serial <= seenAtMount.current) return;
    setShown(added);
    const timer = setTimeout(() => setShown(null), ADDED_TOAST_MS);
    return () => clearTimeout(timer);
  }, [added]);
  return shown;
}

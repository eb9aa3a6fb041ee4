/**
 * While a form holds typed changes that are not saved, reloading or closing the tab asks first: the browser's own
 * "Leave site? Changes you made may not be saved." in the browser's language. A reload mid-edit (a tablet's pull to
 * refresh, F5 out of habit) lost everything typed without a word.
 */
import { useEffect } from "react";

export function useLeaveWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium and Safari ask only when returnValue is set as well.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsaved]);
}

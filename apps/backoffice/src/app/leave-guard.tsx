/**
 * The one in-app guard for unsaved typing (lib/use-leave-warning.ts says why one): when a link, a menu entry or
 * the browser's back button would leave a page while one of its forms holds unsaved changes, a modal asks
 * "Leave this page and lose them?". "Stay" (first, so Enter and Escape keep the typing) or "Leave".
 * A native modal <dialog>: the page behind is inert, the focus starts on "Stay" and goes back where it was.
 */
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { type BlockerFunction, useBlocker } from "react-router";
import { LeaveGuardContext, type LeaveGuardForms, type WouldLose } from "../lib/use-leave-warning";

export function LeaveGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const registered = useRef(new Set<WouldLose>());
  const forms = useMemo<LeaveGuardForms>(
    () => ({
      add: (form) => {
        registered.current.add(form);
        return () => registered.current.delete(form);
      },
    }),
    [],
  );
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      leavesPage(currentLocation, nextLocation) && [...registered.current].some((wouldLose) => wouldLose()),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const blocked = blocker.state === "blocked";

  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  // Whether the dialog on the screen asks the blocker's question: from its showModal until it closes. Its close event
  // comes a moment after the close (Chromium: at the next frame), and by then the guard may ask again (the browser's
  // Back at once after "Stay"): that close event answers no question, or it would take the new one's "Stay" away.
  const asking = useRef(false);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (blocked && !element.open) {
      element.showModal();
      asking.current = true;
      // The safe answer has the focus, whatever the dialog's own focusing would pick.
      stay.current?.focus();
    }
    if (!blocked && element.open) {
      asking.current = false;
      element.close();
    }
  }, [blocked]);
  /** Escape (the dialog's cancel) and any other close the browser makes while the dialog asks: stay. */
  const closedWhileAsking = () => {
    if (!asking.current || dialog.current?.open) return;
    asking.current = false;
    blocker.reset?.();
  };

  return (
    <LeaveGuardContext.Provider value={forms}>
      {children}
      <dialog
        ref={dialog}
        className="leave-dialog"
        aria-labelledby="leave-title"
        aria-describedby="leave-text"
        onClose={closedWhileAsking}
      >
        {blocked && (
          <div className="leave-dialog-body">
            <h2 id="leave-title">{t("leave.title")}</h2>
            <p id="leave-text">{t("leave.text")}</p>
            <div className="button-row">
              <button ref={stay} type="button" className="button primary" onClick={() => blocker.reset()}>
                {t("leave.stay")}
              </button>
              <button type="button" className="button" onClick={() => blocker.proceed()}>
                {t("leave.leave")}
              </button>
            </div>
          </div>
        )}
      </dialog>
    </LeaveGuardContext.Provider>
  );
}

type Place = { pathname: string; search: string };

/**
 * Another page, or the same page for another row (`?menu=2`): the form on the screen goes. The sign-in page is
 * not held: it is where signing out (the session already ended) and an expired session go, and there is no
 * saving the typing without a session.
 */
function leavesPage(current: Place, next: Place): boolean {
  if (next.pathname === "/sign-in") return false;
  return current.pathname !== next.pathname || current.search !== next.search;
}

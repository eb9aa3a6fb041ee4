/**
 * While a form holds typed changes that are not saved, leaving asks first:
 * - reloading or closing the tab: the browser's own "Leave site? Changes you made may not be saved." in the
 *   browser's language. A reload mid-edit (a tablet's pull to refresh, F5 out of habit) lost everything typed.
 * - a link or menu entry inside the back office: app/leave-guard.tsx asks "Leave this page and lose them?". A click
 *   on "Orders" with a half-typed opening hour threw the typing away without a word.
 *
 * React Router keeps one blocker per router ("A router only supports one blocker at a time", react-router
 * `router.ts` shouldBlockNavigation): a page with several forms (the restaurant's settings, the hours) cannot give
 * each its own. So each form tells the one guard whether it would lose something, and the guard asks once.
 */
import { createContext, useCallback, useContext, useEffect, useRef } from "react";

/** Whether leaving now would lose typing; read at the moment of the navigation, not at the last render. */
export type WouldLose = () => boolean;

/** The forms on the screen, held by the one guard (app/leave-guard.tsx). */
export type LeaveGuardForms = { add: (form: WouldLose) => () => void };

export const LeaveGuardContext = createContext<LeaveGuardForms | null>(null);

export type LeaveWarning = {
  /**
   * Runs a save. While it runs, an in-app navigation is not held: a form that goes to the saved row's page when the
   * save answers (a new category, a new restaurant) is not asked whether to lose what it has just saved. A save
   * that answers leaves nothing unsaved (the form's own state follows on its next render); one that throws does.
   */
  whileSaving: <T>(save: () => Promise<T>) => Promise<T>;
};

export function useLeaveWarning(unsaved: boolean): LeaveWarning {
  const forms = useContext(LeaveGuardContext);
  const state = useRef({ unsaved, saving: false });

  useEffect(() => {
    state.current.unsaved = unsaved;
  }, [unsaved]);

  useEffect(() => forms?.add(() => state.current.unsaved && !state.current.saving), [forms]);

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

  const whileSaving = useCallback(async <T>(save: () => Promise<T>): Promise<T> => {
    state.current.saving = true;
    try {
      const answer = await save();
      state.current.unsaved = false;
      return answer;
    } finally {
      state.current.saving = false;
    }
  }, []);
  return { whileSaving };
}

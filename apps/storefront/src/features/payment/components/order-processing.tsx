import type { TelemetryEvent } from "@app/contracts";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker, useNavigate } from "react-router";
import { Dialog } from "../../../components/ui/dialog";
import { errorPagePath } from "../../../lib/error-page";
import { appErrorEvent, reportEvent } from "../../../lib/telemetry";
import { saveConfirmedOrder } from "../confirmation-storage";
import { type OrderFinalizingApi, UnknownCheckoutError, useOrderFinalizing } from "../hooks/use-order-finalizing";
import { StatusMark } from "./status-mark";
import "../payment-status.css";

export type OrderProcessingProps = {
  checkoutId: string;
  api: OrderFinalizingApi;
  /** The page's title (also the document's) from its translation key; the app's usePageTitle. */
  useTitle: (key: string) => string;
  report?: (event: TelemetryEvent) => void;
};

/**
 * /order/:checkoutId (SPEC §2, §4): a spinner while the order is placed, then the confirmation (or the error
 * page). Leaving before that asks first (SPEC §8): in the app with the app's dialog, on reload or close with
 * the browser's own question (its text cannot be chosen).
 */
export function OrderProcessing({ checkoutId, api, useTitle, report = reportEvent }: OrderProcessingProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const title = useTitle("OrderPage.Title");
  const state = useOrderFinalizing(
    checkoutId,
    api,
    (error) => report({ ...appErrorEvent(error, window.location.pathname), name: "CheckoutError" }),
    i18n.language,
  );

  // Set just before the page's own navigation: the blocker is asked about it too and must let it through.
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (state.status === "working" || leaving.current) return;
    leaving.current = true;
    // A question still open is moot once the order is through (or failed).
    if (blocker.state === "blocked") blocker.reset();
    if (state.status === "done") {
      saveConfirmedOrder(state.confirmed);
      // Replace: back from the confirmation must not start placing the order again.
      navigate("/confirmation", { replace: true });
      return;
    }
    // A link to a checkout the shop does not know is a page that is not there, not an error with a reference.
    if (state.error instanceof UnknownCheckoutError) {
      navigate("/notfound", { replace: true });
      return;
    }
    report({ ...appErrorEvent(state.error, window.location.pathname), name: "CheckoutError" });
    navigate(errorPagePath(state.error), {
      replace: true,
    });
  }, [state, blocker, navigate, report]);

  useWarnBeforeUnload(state.status === "working");

  return (
    <section className="order-processing" aria-busy="true">
      <StatusMark kind="working" />
      <h1>{title}</h1>
      <p className="order-processing-message" role="status" aria-live="polite">
        {t("Spinner.ContactingRestaurant")}
      </p>
      <Dialog open={blocker.state === "blocked"} onClose={() => blocker.reset?.()} title={t("Order.LeaveTitle")}>
        <p>{t("Order.LeaveWarning")}</p>
        <div className="dialog-actions">
          <button type="button" className="button-primary" onClick={() => blocker.reset?.()}>
            {t("Order.Stay")}
          </button>
          <button type="button" onClick={() => blocker.proceed?.()}>
            {t("Order.Leave")}
          </button>
        </div>
      </Dialog>
    </section>
  );
}

/** While `working`, reload or close asks first with the browser's own question. */
function useWarnBeforeUnload(working: boolean) {
  useEffect(() => {
    if (!working) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [working]);
}

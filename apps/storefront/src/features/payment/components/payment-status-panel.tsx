import type { TelemetryEvent } from "@app/contracts";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { errorPagePath } from "../../../lib/error-page";
import { appErrorEvent, reportEvent } from "../../../lib/telemetry";
import { type PaymentStatusApi, usePaymentStatus } from "../hooks/use-payment-status";
import {
  AUTHORIZED_REDIRECT_MS,
  type PaymentView,
  paymentMessageKey,
  paymentTitleKey,
  paymentView,
} from "../payment-status-rules";
import { registerPendingPayment } from "../pending-payment";
import { StatusMark } from "./status-mark";
import "../payment-status.css";

export type PaymentStatusPanelProps = {
  checkoutId: string;
  api: PaymentStatusApi;
  /** The page's title (also the document's) from its translation key; the app's usePageTitle. */
  useTitle: (key: string) => string;
  report?: (event: TelemetryEvent) => void;
};

/**
 * /payment/:checkoutId (SPEC §2, §4): where the hosted payment page sends the guest back. It shows the
 * payment's state, waits while it is created (with a cancel button), goes on to the order page 3 s after it
 * is authorized, and offers the way back after a failure (to /checkout, where the guest's entries are kept)
 * or a cancel (to the front page).
 */
export function PaymentStatusPanel({ checkoutId, api, useTitle, report = reportEvent }: PaymentStatusPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, cancelling, cancel } = usePaymentStatus(checkoutId, api);
  const payment = state.status === "ready" ? state.payment : null;
  const view: PaymentView | null = payment ? paymentView(payment.state) : null;
  const paymentId = payment?.id ?? null;

  const title = useTitle(state.status === "missing" ? "PaymentPage.NotFoundTitle" : paymentTitleKey(view ?? "created"));

  // The header's logo cancels the payment first (SPEC §2) while there is one to cancel.
  useEffect(() => {
    if (view !== "created" || !paymentId) return;
    return registerPendingPayment({ paymentId, cancel });
  }, [view, paymentId, cancel]);

  useEffect(() => {
    if (view !== "authorized") return;
    // Replace: back from the order page must not return to a payment that is already done.
    const timer = setTimeout(
      () => navigate(`/order/${encodeURIComponent(checkoutId)}`, { replace: true }),
      AUTHORIZED_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [view, checkoutId, navigate]);

  // One report per failed payment, not per render or poll (a ref survives StrictMode's second effect run).
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (view !== "failed" || !paymentId || reported.current === paymentId) return;
    reported.current = paymentId;
    report({
      name: "PaymentError",
      message: "The payment failed",
      path: window.location.pathname,
      details: { checkoutId, paymentId },
    });
  }, [view, paymentId, checkoutId, report]);

  const error = state.status === "error" ? state.error : null;
  useEffect(() => {
    if (!error) return;
    report({ ...appErrorEvent(error, window.location.pathname), name: "PaymentError" });
    navigate(errorPagePath(error), {
      replace: true,
    });
  }, [error, navigate, report]);

  const message =
    state.status === "missing"
      ? t("PaymentPage.Message.NotFound")
      : cancelling
        ? t("PaymentPage.Cancelling")
        : view
          ? t(paymentMessageKey(view))
          : t("Spinner.Loading");

  return (
    <section className="payment-status" aria-busy={state.status === "loading" || cancelling}>
      <StatusMark kind={state.status === "missing" ? "failed" : (view ?? "created")} />
      <h1>{title}</h1>
      {/* One live region for every change: the guest hears the new state without moving focus. */}
      <p className="payment-status-message" role="status" aria-live="polite">
        {message}
      </p>
      <div className="page-actions">
        {view === "created" ? (
          <button
            type="button"
            className="button"
            // aria-disabled, not disabled: the focused button keeps the focus while the cancel runs.
            aria-disabled={cancelling}
            onClick={() => void cancel()}
          >
            {t("PaymentPage.CancelPayment")}
          </button>
        ) : null}
        {view === "failed" || state.status === "missing" ? (
          <Link to="/checkout" className="button button-primary">
            {t("PaymentPage.GoBack")}
          </Link>
        ) : null}
        {view === "cancelled" ? (
          <Link to="/" className="button button-primary">
            {t("PaymentPage.GoBack")}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

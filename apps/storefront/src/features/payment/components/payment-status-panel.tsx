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
  const { state, cancelling, cancel } = usePaymentStatus(checkoutId, api);
  const payment = state.status === "ready" ? state.payment : null;
  const view: PaymentView | null = payment ? paymentView(payment.state) : null;
  const paymentId = payment?.id ?? null;
  // The provider's page again (our own link that redirects there, decision 025), while the payment waits.
  const reopenUrl = view === "created" ? (payment?.paymentUrl ?? null) : null;
  const missing = state.status === "missing";

  const title = useTitle(missing ? "PaymentPage.NotFoundTitle" : paymentTitleKey(view ?? "created"));
  // The header's logo cancels the payment first (SPEC §2) while there is one to cancel.
  useEffect(() => {
    if (view !== "created" || !paymentId) return;
    return registerPendingPayment({ paymentId, cancel });
  }, [view, paymentId, cancel]);
  useOrderPageWhenAuthorized(view, checkoutId);
  useFailureReport(view, paymentId, checkoutId, report);
  useErrorPage(state.status === "error" ? state.error : null, report);

  const message = missing
    ? t("PaymentPage.Message.NotFound")
    : cancelling
      ? t("PaymentPage.Cancelling")
      : view
        ? t(paymentMessageKey(view, reopenUrl !== null))
        : t("Spinner.Loading");

  const focus = useFocusKeptOnChange(missing ? "missing" : view);

  return (
    <section ref={focus.panel} className="payment-status" aria-busy={state.status === "loading" || cancelling}>
      <StatusMark kind={missing ? "failed" : (view ?? "created")} />
      <h1 ref={focus.heading}>{title}</h1>
      {/* One live region for every change: the guest hears the new state without moving focus. */}
      <p className="payment-status-message" role="status" aria-live="polite">
        {message}
      </p>
      <PaymentActions view={view} missing={missing} cancelling={cancelling} cancel={cancel} reopenUrl={reopenUrl} />
    </section>
  );
}

/**
 * A new state replaces the buttons: "Cancel payment" pressed from the keyboard is gone once the payment is
 * cancelled, and the focus fell to the page's body (a screen reader starts again at the top). When the focus
 * was on the panel and is lost after a change of state, it moves to the heading, which names the new state;
 * the next Tab reaches the way on. A focus the guest moved elsewhere stays where it is.
 */
function useFocusKeptOnChange(state: PaymentView | "missing" | null) {
  const panel = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusInside = useRef(false);
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const onFocusIn = () => {
      focusInside.current = true;
    };
    // A removed button leaves no element to move to (relatedTarget null): that focus is still the panel's.
    const onFocusOut = (event: FocusEvent) => {
      const to = event.relatedTarget;
      if (to instanceof Node && !element.contains(to)) focusInside.current = false;
    };
    element.addEventListener("focusin", onFocusIn);
    element.addEventListener("focusout", onFocusOut);
    return () => {
      element.removeEventListener("focusin", onFocusIn);
      element.removeEventListener("focusout", onFocusOut);
    };
  }, []);
  useEffect(() => {
    if (!focusInside.current || state === null) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const element = heading.current;
    if (!element) return;
    element.setAttribute("tabindex", "-1");
    element.focus();
  }, [state]);
  return { panel, heading };
}

/** 3 s after the payment is authorized, the order page. */
function useOrderPageWhenAuthorized(view: PaymentView | null, checkoutId: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (view !== "authorized") return;
    // Replace: back from the order page must not return to a payment that is already done.
    const timer = setTimeout(
      () => navigate(`/order/${encodeURIComponent(checkoutId)}`, { replace: true }),
      AUTHORIZED_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [view, checkoutId, navigate]);
}

/** One report per failed payment, not per render or poll (a ref survives StrictMode's second effect run). */
function useFailureReport(
  view: PaymentView | null,
  paymentId: string | null,
  checkoutId: string,
  report: (event: TelemetryEvent) => void,
) {
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
}

/** A read that failed otherwise: reported, then the error page. */
function useErrorPage(error: unknown, report: (event: TelemetryEvent) => void) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    report({ ...appErrorEvent(error, window.location.pathname), name: "PaymentError" });
    navigate(errorPagePath(error), {
      replace: true,
    });
  }, [error, navigate, report]);
}

type PaymentActionsProps = {
  view: PaymentView | null;
  missing: boolean;
  cancelling: boolean;
  cancel: () => Promise<unknown>;
  /** The waiting payment's page, to finish it there; null when there is none (a terminal, no hosted step). */
  reopenUrl: string | null;
};

function PaymentActions({ view, missing, cancelling, cancel, reopenUrl }: PaymentActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="page-actions">
      {reopenUrl && !cancelling ? (
        // A plain link: the browser leaves the shop for the provider's page, as when the order was placed.
        <a href={reopenUrl} className="button button-primary">
          {t("PaymentRecovery.ReturnToPayment")}
        </a>
      ) : null}
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
      {view === "failed" || missing ? (
        <Link to="/checkout" className="button button-primary">
          {t("PaymentRecovery.BackToCheckout")}
        </Link>
      ) : null}
      {view === "cancelled" ? (
        <Link to="/" className="button button-primary">
          {t("PaymentPage.GoBack")}
        </Link>
      ) : null}
    </div>
  );
}

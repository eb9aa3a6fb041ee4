import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useRouteError, useSearchParams } from "react-router";
import { reportAppError } from "../../lib/telemetry";
import { usePageTitle } from "../page-title";
import { isInternetExplorer } from "../redirect-rules";

/** The frame every status page shares: its title (also the document's), its text and its actions. */
function StatusPage({ titleKey, children, actions }: { titleKey: string; children: ReactNode; actions: ReactNode }) {
  const title = usePageTitle(titleKey);
  return (
    <main className="page status-page">
      <h1>{title}</h1>
      {children}
      <div className="page-actions">{actions}</div>
    </main>
  );
}

/** A full load: the app starts over instead of reusing the failed start. */
function TryAgainButton() {
  const { t } = useTranslation();
  return (
    <button type="button" className="button-primary" onClick={() => window.location.assign("/")}>
      {t("Actions.TryAgain")}
    </button>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      titleKey="NotFoundPage.Title"
      actions={
        <Link to="/" className="button button-primary">
          {t("Actions.BackToFrontpage")}
        </Link>
      }
    >
      <p>{t("NotFoundPage.Message")}</p>
    </StatusPage>
  );
}

/** /error (SPEC §2): try again, back to the front page, the trace id as subtitle, the browser message. */
export function ErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const traceId = params.get("traceId");
  const unsupported = params.get("reason") === "browser" || isInternetExplorer(navigator.userAgent);
  return (
    <StatusPage
      titleKey="ErrorPage.Title"
      actions={
        <>
          <TryAgainButton />
          <a href="/" className="button">
            {t("Actions.BackToFrontpage")}
          </a>
        </>
      }
    >
      {traceId ? <p className="trace-id">{t("ErrorPage.TraceId", { traceId })}</p> : null}
      <p>{t(errorMessageKey(unsupported, params.get("reason")))}</p>
    </StatusPage>
  );
}

/** What the error page says: the browser is unsupported, the guest's network is busy (429), or try again later. */
function errorMessageKey(unsupported: boolean, reason: string | null): string {
  if (unsupported) return "ErrorMessage.UnsupportedBrowser";
  return reason === "busy" ? "ErrorMessage.TooManyRequests" : "ErrorMessage.TryAgain";
}

export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <StatusPage titleKey="MaintenancePage.Title" actions={<TryAgainButton />}>
      <p>{t("Maintenance")}</p>
    </StatusPage>
  );
}

/** The top-level error boundary (SPEC §2): the error page with a reload button. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { pathname } = useLocation();
  useEffect(() => reportAppError(error, pathname), [error, pathname]);
  return (
    <StatusPage
      titleKey="ErrorPage.Title"
      actions={
        <>
          <button type="button" className="button-primary" onClick={() => window.location.reload()}>
            {t("Actions.Reload")}
          </button>
          <a href="/" className="button">
            {t("Actions.BackToFrontpage")}
          </a>
        </>
      }
    >
      <p>{t("UnexpectedApplicationError")}</p>
      <p>{t("ErrorMessage.TryAgain")}</p>
    </StatusPage>
  );
}

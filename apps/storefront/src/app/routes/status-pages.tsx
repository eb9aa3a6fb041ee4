import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useRouteError, useSearchParams } from "react-router";
import { reportAppError } from "../../lib/telemetry";
import { usePageTitle } from "../page-title";
import { isInternetExplorer } from "../redirect-rules";

export function NotFoundPage() {
  const { t } = useTranslation();
  const title = usePageTitle("NotFoundPage.Title");
  return (
    <main className="page status-page">
      <h1>{title}</h1>
      <p>{t("NotFoundPage.Message")}</p>
      <div className="page-actions">
        <Link to="/" className="button button-primary">
          {t("Actions.BackToFrontpage")}
        </Link>
      </div>
    </main>
  );
}

/** /error (SPEC §2): try again, back to the front page, the trace id as subtitle, the browser message. */
export function ErrorPage() {
  const { t } = useTranslation();
  const title = usePageTitle("ErrorPage.Title");
  const [params] = useSearchParams();
  const traceId = params.get("traceId");
  const unsupported = params.get("reason") === "browser" || isInternetExplorer(navigator.userAgent);
  return (
    <main className="page status-page">
      <h1>{title}</h1>
      {traceId ? <p className="trace-id">{t("ErrorPage.TraceId", { traceId })}</p> : null}
      <p>{unsupported ? t("ErrorMessage.UnsupportedBrowser") : t("ErrorMessage.TryAgain")}</p>
      {/* A full load: the app starts over instead of reusing the failed start. */}
      <div className="page-actions">
        <button type="button" className="button-primary" onClick={() => window.location.assign("/")}>
          {t("Actions.TryAgain")}
        </button>
        <a href="/" className="button">
          {t("Actions.BackToFrontpage")}
        </a>
      </div>
    </main>
  );
}

export function MaintenancePage() {
  const { t } = useTranslation();
  const title = usePageTitle("MaintenancePage.Title");
  return (
    <main className="page status-page">
      <h1>{title}</h1>
      <p>{t("Maintenance")}</p>
      <div className="page-actions">
        <button type="button" className="button-primary" onClick={() => window.location.assign("/")}>
          {t("Actions.TryAgain")}
        </button>
      </div>
    </main>
  );
}

/** The top-level error boundary (SPEC §2): the error page with a reload button. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { pathname } = useLocation();
  useEffect(() => reportAppError(error, pathname), [error, pathname]);
  usePageTitle("ErrorPage.Title");
  return (
    <main className="page status-page">
      <h1>{t("ErrorPage.Title")}</h1>
      <p>{t("UnexpectedApplicationError")}</p>
      <p>{t("ErrorMessage.TryAgain")}</p>
      <div className="page-actions">
        <button type="button" className="button-primary" onClick={() => window.location.reload()}>
          {t("Actions.Reload")}
        </button>
        <a href="/" className="button">
          {t("Actions.BackToFrontpage")}
        </a>
      </div>
    </main>
  );
}

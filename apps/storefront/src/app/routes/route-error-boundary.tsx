import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useRouteError } from "react-router";
import { reportAppError } from "../../lib/telemetry";
import { usePageTitle } from "../page-title";

/**
 * The top-level error boundary (SPEC §2): the error page with a reload button. In the first load, so it stays
 * plain: when it shows, the shop's own data may be what failed (the status pages, code-split, carry the brand).
 */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { pathname } = useLocation();
  const title = usePageTitle("ErrorPage.Title");
  useEffect(() => reportAppError(error, pathname), [error, pathname]);
  return (
    <main className="page status-page" id="main">
      <h1>{title}</h1>
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

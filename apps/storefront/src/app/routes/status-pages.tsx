import { useTranslation } from "react-i18next";
import { Link, useRouteError } from "react-router";
import { ApiError } from "../../lib/api-client";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main>
      <h1>{t("NotFoundPage.Title")}</h1>
      <Link to="/">{t("Actions.BackToFrontpage")}</Link>
    </main>
  );
}

export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const traceId = error instanceof ApiError ? error.traceId : undefined;
  return (
    <main>
      <h1>{t("ErrorPage.Title")}</h1>
      <p>{t("ErrorMessage.TryAgain")}</p>
      {traceId ? <p className="trace-id">{traceId}</p> : null}
      <button type="button" onClick={() => window.location.reload()}>
        {t("Actions.TryAgain")}
      </button>
      <a href="/">{t("Actions.BackToFrontpage")}</a>
    </main>
  );
}

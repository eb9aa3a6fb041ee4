import { useTranslation } from "react-i18next";
import { Link, useRouteError } from "react-router";
import { PageHeading } from "../components/page-heading";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t("notFound.title")} />
      <p>{t("notFound.text")}</p>
      <Link to="/">{t("nav.restaurants")}</Link>
    </>
  );
}

export function HydrateFallback() {
  const { t } = useTranslation();
  return (
    <main id="main" className="page">
      <p className="loading" role="status">
        {t("app.loading")}
      </p>
    </main>
  );
}

/** A page that failed to load: said plainly, with the way back (the shell is not shown: it may be what failed). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <main id="main" className="page narrow">
      <PageHeading title={t("app.errorTitle")} />
      <p>{t("app.loadFailed")}</p>
      <a href="/admin/">{t("nav.restaurants")}</a>
    </main>
  );
}

import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/**
 * The page's one h1 and its tab title. The h1 can take the focus: after each navigation the app moves the focus
 * here (app/layout.tsx), so a screen reader announces the new page and Tab continues from its top.
 */
export function PageHeading({ title }: { title: string }) {
  const { t } = useTranslation();
  const { key } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${t("app.name")}`;
  }, [title, t]);
  // The first page the browser opened keeps the focus at the top ("default" is the router's key for it).
  useEffect(() => {
    if (key !== "default") heading.current?.focus();
  }, [key]);
  return (
    <h1 id="page-title" tabIndex={-1} ref={heading}>
      {title}
    </h1>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="loading" role="status">
      {t("app.loading")}
    </p>
  );
}

export function LoadFailed() {
  const { t } = useTranslation();
  return (
    <p className="field-error" role="alert">
      {t("app.loadFailed")}
    </p>
  );
}

import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/**
 * The navigation state of a change of what the same page shows, kept in its address's search (the figures' period):
 * the focus stays on the control that changed it, as it would without the address, instead of moving to the h1.
 */
export const SAME_PAGE_STATE = { samePage: true } as const;

const isSamePageChange = (state: unknown) =>
  typeof state === "object" && state !== null && (state as { samePage?: unknown }).samePage === true;

/**
 * The page's one h1 and its tab title. The h1 takes the focus after each navigation, so a screen reader announces
 * the new page and Tab continues from its top.
 */
export function PageHeading({ title }: { title: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const shownPath = useRef<string | null>(null);
  useEffect(() => {
    document.title = `${title} · ${t("app.name")}`;
  }, [title, t]);
  useEffect(() => {
    const samePage = shownPath.current === location.pathname && isSamePageChange(location.state);
    shownPath.current = location.pathname;
    // The first page the browser opened keeps the focus at the top ("default" is the router's key for it).
    if (location.key !== "default" && !samePage) heading.current?.focus();
  }, [location]);
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

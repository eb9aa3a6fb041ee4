import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** The page's title (SPEC §2's list) in the current language; it follows a language switch. */
export function usePageTitle(key: string): string {
  const { t } = useTranslation();
  const title = t(key);
  useDocumentTitle(title);
  return title;
}

/** A title that is already text (a category's name in the current language). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

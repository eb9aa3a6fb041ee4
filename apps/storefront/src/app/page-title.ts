import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** The page's title (SPEC §2's list) in the current language; it follows a language switch. */
export function usePageTitle(key: string): string {
  const { t, i18n } = useTranslation();
  const title = t(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title text changes with the language
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
  return title;
}

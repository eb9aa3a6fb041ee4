import { useTranslation } from "react-i18next";
import { chooseLanguage, type Language } from "../lib/i18n";

/** The other language's name in that language ("English", "Dansk"): one press switches and keeps the choice. */
export function LanguageSwitch({ className = "button quiet" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const other: Language = i18n.language === "en-US" ? "da-DK" : "en-US";
  return (
    <button type="button" className={className} lang={other} onClick={() => void chooseLanguage(other)}>
      {t("app.otherLanguage")}
    </button>
  );
}

import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import da from "../locales/da-DK.json";
import en from "../locales/en-US.json";

export const LANGUAGES = ["da-DK", "en-US"] as const;
export type Language = (typeof LANGUAGES)[number];

void i18n.use(initReactI18next).init({
  resources: { "da-DK": { translation: da }, "en-US": { translation: en } },
  lng: "da-DK",
  fallbackLng: "da-DK",
  interpolation: { escapeValue: false },
});

/** Picks the text of a translations object in the current language, falling back to Danish. */
export function translate(texts: Record<string, string> | undefined, language: string): string {
  if (!texts) return "";
  return texts[language] ?? texts["da-DK"] ?? Object.values(texts)[0] ?? "";
}

export default i18n;

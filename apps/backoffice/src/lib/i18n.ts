/**
 * The back office's languages: Danish by default, English on request — the storefront's rules
 * (apps/storefront/src/lib/i18n.ts): the person's stored choice wins, else Danish. The choice is kept under a key of
 * its own, so a manager switching language on the restaurant's kiosk does not switch the guests' shop.
 * Only the shown language's messages are loaded (each is its own chunk).
 */
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { browserStorage, safely } from "./browser-storage";

export const LANGUAGES = ["da-DK", "en-US"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "da-DK";
export const LANGUAGE_STORAGE_KEY = "backoffice.language";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice if it is a language we have, else Danish. */
export function resolveLanguage(stored: unknown): Language {
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

const MESSAGES: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  "da-DK": () => import("../locales/da-DK.json"),
  "en-US": () => import("../locales/en-US.json"),
};

async function loadMessages(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, "translation")) return;
  i18next.addResourceBundle(language, "translation", (await MESSAGES[language]()).default);
}

/** Starts i18next in the stored language (or Danish); resolves when its messages are in. */
export async function startI18n(): Promise<void> {
  const language = resolveLanguage(safely(() => browserStorage()?.getItem(LANGUAGE_STORAGE_KEY)));
  const messages = (await MESSAGES[language]()).default;
  i18next.on("languageChanged", (lng) => {
    document.documentElement.lang = lng;
  });
  await i18next.use(initReactI18next).init({
    lng: language,
    supportedLngs: [...LANGUAGES],
    fallbackLng: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    resources: { [language]: { translation: messages } },
  });
  document.documentElement.lang = language;
}

/** The person's own choice: kept across reloads. */
export async function chooseLanguage(language: Language): Promise<void> {
  safely(() => browserStorage()?.setItem(LANGUAGE_STORAGE_KEY, language));
  await loadMessages(language);
  await i18next.changeLanguage(language);
}

export default i18next;

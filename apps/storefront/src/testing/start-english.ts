import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import enUS from "../locales/en-US.json";

/** Component tests read the texts in English, as an English-speaking guest does (the shared i18next instance). */
export async function startEnglish(): Promise<void> {
  if (i18next.isInitialized) return;
  await i18next.use(initReactI18next).init({
    lng: "en-US",
    resources: { "en-US": { translation: enUS } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}

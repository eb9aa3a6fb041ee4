import { BOOT_BLOCK_IDS, STORAGE_KEYS } from "@app/contracts/storefront-boot";
import i18next, { type BackendModule, type i18n as I18n, type ReadCallback, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { readDataBlock } from "./boot-data";
import { browserStorage, safely } from "./browser-storage";
import { fetchLocale } from "./fetch-locale";

export const LANGUAGES = ["da-DK", "en-US"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "da-DK";
/** Where the guest's own choice is kept; the server's default is never written here. */
export const LANGUAGE_STORAGE_KEY = STORAGE_KEYS.language;

/**
 * SPEC §9: up to 10 parallel reads, 5 retries, 350 ms base delay. i18next's BackendConnector
 * (node_modules/i18next, `read()`) waits `retryTimeout` before the first retry and doubles the wait
 * on each further one (350, 700, 1400, 2800, 5600 ms) — but only retries when the backend answers
 * `callback(error, true)`; a rejected promise or `callback(error)` is final. See `localeBackend`.
 */
export const LOADING_OPTIONS = { maxParallelReads: 10, maxRetries: 5, retryTimeout: 350 } as const;

export type LoadLocale = (language: Language) => Promise<ResourceKey>;
type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The guest's stored choice wins, then the server's default, then Danish. Unknown values are ignored. */
export function resolveLanguage(stored: unknown, serverDefault: unknown): Language {
  if (isLanguage(stored)) return stored;
  if (isLanguage(serverDefault)) return serverDefault;
  return DEFAULT_LANGUAGE;
}

/**
 * An i18next backend that loads one language's messages on demand (never the other one). It uses
 * i18next's callback calling convention because only `callback(error, true)` makes i18next retry.
 */
export function localeBackend(load: LoadLocale): BackendModule {
  return {
    type: "backend",
    callbackApi: true,
    init() {},
    read(language: string, _namespace: string, callback: ReadCallback) {
      if (!isLanguage(language)) {
        callback(new Error(`No messages for language ${language}`), false);
        return;
      }
      load(language).then(
        (messages) => callback(null, messages),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
      );
    },
  } as BackendModule;
}

export type LanguageControl = {
  i18n: I18n;
  /** Starts i18next in `language` (once); resolves when its messages are loaded or have failed. */
  start(language: Language): Promise<void>;
  /** App start: the server's default language applies when the guest has not chosen one. */
  applyServerDefaultLanguage(serverDefault: string | undefined): Promise<void>;
  /** The guest's own choice: kept across reloads. */
  chooseLanguage(language: Language): Promise<void>;
  /** The guest's stored choice, if it is a language we have. */
  storedLanguage(): Language | undefined;
};

export type LanguageControlOptions = {
  load: LoadLocale;
  storage?: Storage | undefined;
  /** Called with each language that becomes active, e.g. to set `<html lang>`. */
  onLanguage?: (language: string) => void;
  i18n?: I18n;
};

export function createLanguageControl(options: LanguageControlOptions): LanguageControl {
  const { load, storage, onLanguage } = options;
  const i18n = options.i18n ?? i18next.createInstance();
  let started: Promise<void> | undefined;

  const storedLanguage = (): Language | undefined => {
    const value = safely(() => storage?.getItem(LANGUAGE_STORAGE_KEY));
    return isLanguage(value) ? value : undefined;
  };

  const start = (language: Language): Promise<void> => {
    if (started) return started;
    if (onLanguage) i18n.on("languageChanged", onLanguage);
    started = i18n
      .use(localeBackend(load))
      .use(initReactI18next)
      .init({
        ...LOADING_OPTIONS,
        lng: language,
        supportedLngs: [...LANGUAGES],
        // No fallback language: a fallback would be downloaded as well, and both files hold every key.
        fallbackLng: false,
        load: "currentOnly",
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      })
      .then(() => undefined);
    return started;
  };

  return {
    i18n,
    start,
    storedLanguage,
    async applyServerDefaultLanguage(serverDefault) {
      const language = resolveLanguage(storedLanguage(), serverDefault);
      if (!started) return start(language);
      await started;
      if (i18n.language !== language && !storedLanguage()) await i18n.changeLanguage(language);
    },
    async chooseLanguage(language) {
      safely(() => storage?.setItem(LANGUAGE_STORAGE_KEY, language));
      if (!started) return start(language);
      await started;
      await i18n.changeLanguage(language);
    },
  };
}

export const languageControl = createLanguageControl({
  load: fetchLocale,
  storage: browserStorage(),
  i18n: i18next,
  onLanguage: (language) => {
    if (typeof document !== "undefined") document.documentElement.lang = language;
  },
});

/**
 * A guest who chose a language before gets it at once, and so does one whose page carries the server's
 * languages (lib/boot-data.ts): the messages download alongside the app start instead of after it.
 * Otherwise loading waits for the server's default (`applyServerDefaultLanguage`), so only the language
 * that will show is downloaded.
 */
const stored = languageControl.storedLanguage();
const embeddedDefault = readDataBlock<{ defaultLanguage?: string }>(BOOT_BLOCK_IDS.languages)?.defaultLanguage;
if (stored || embeddedDefault) void languageControl.start(resolveLanguage(stored, embeddedDefault));

export const applyServerDefaultLanguage = languageControl.applyServerDefaultLanguage;
export const chooseLanguage = languageControl.chooseLanguage;
/** For pages shown without the shop (e.g. /notfound): starts in the stored language or Danish. */
export const ensureLanguage = (): Promise<void> => languageControl.start(resolveLanguage(stored, undefined));

/** Picks the text of a translations object in the current language, falling back to Danish. */
export function translate(texts: Record<string, string> | undefined, language: string): string {
  if (!texts) return "";
  return texts[language] ?? texts["da-DK"] ?? Object.values(texts)[0] ?? "";
}

export default i18next;

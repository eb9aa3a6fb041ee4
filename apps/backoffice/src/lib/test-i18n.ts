import i18next, { type i18n as I18n, type ResourceKey } from "i18next";

/**
 * An i18next instance of one test file's own, given to its components by an I18nextProvider: the global one
 * (initReactI18next) would stay set for the files that run after it in the same worker (vitest's isolate: false),
 * the storefront's among them. `messages` by language, e.g. `{ "en-US": enUS }`; none (a feature's test does not
 * import the app's locale files): the words show as their keys. Start it in the file's `beforeAll(start)`.
 */
export function testI18n(
  language: string,
  messages: Record<string, ResourceKey> = { [language]: {} },
): { i18n: I18n; start: () => Promise<unknown> } {
  const i18n = i18next.createInstance();
  const resources = Object.fromEntries(Object.entries(messages).map(([lng, translation]) => [lng, { translation }]));
  const start = () =>
    i18n.init({
      lng: language,
      resources,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  return { i18n, start };
}

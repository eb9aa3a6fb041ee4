// `?url` makes Vite emit each language as its own fingerprinted JSON file (dist/assets) and put
// only its address in the bundle: no message is in the first-load JavaScript, and `fetch` of a
// same-origin file is what the CSP allows (`connect-src 'self'`). vite.config.ts keeps these files
// from being inlined as data: URLs, which `connect-src 'self'` would block.
import daDK from "../locales/da-DK.json?url";
import enUS from "../locales/en-US.json?url";

const LOCALE_URLS = { "da-DK": daDK, "en-US": enUS } as const;

/** Downloads one language's messages; a failure rejects, and i18next retries (see i18n.ts). */
export async function fetchLocale(language: keyof typeof LOCALE_URLS): Promise<Record<string, unknown>> {
  const response = await fetch(LOCALE_URLS[language], { credentials: "same-origin" });
  if (!response.ok) throw new Error(`Request to ${LOCALE_URLS[language]} failed with status ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * The guest's own first reads of /checkout — the basket and the checkout instance's settings — started as soon
 * as the page is parsed, while the app's bundle (~130 KB) is still downloading, instead of one round trip after
 * it has run. The page cannot carry the reads: it is the same for every guest of the host
 * (apps/api/src/plugins/storefront-page.ts), and the basket is this guest's.
 *
 * The server adds this entry (an async module of its own) to the /checkout page only. It leaves the reads it
 * started on `globalThis` under a registered symbol; the app's API client takes each one, once, when it sends
 * the identical request (same URL, GET, same bearer token: lib/early-answers.ts). `fetch` is left alone, and
 * nothing here decides anything: a request the app sends differently, or a read that failed, goes to the
 * network as before, and without this script the app works as before.
 */
import type { BOOT_BLOCK_IDS, EARLY_READS_SYMBOL, STORAGE_KEYS } from "@app/contracts/storefront-boot";

/*
 * The shared names, spelled out and typed as the shared module's values, so a change there fails the typecheck
 * here: this entry imports nothing at run time, or the build would make it load the app's first chunk for
 * them (docs/decisions/016-first-paint-without-a-round-trip.md).
 */
const MODULE_BLOCK: (typeof BOOT_BLOCK_IDS)["module"] = "shop-module";
const LANGUAGES_BLOCK: (typeof BOOT_BLOCK_IDS)["languages"] = "shop-languages";
const BASKET_ID_KEY: (typeof STORAGE_KEYS)["basketId"] = "basketId";
const LANGUAGE_KEY: (typeof STORAGE_KEYS)["language"] = "language";
const READS_SYMBOL: typeof EARLY_READS_SYMBOL = "app.storefront.early-reads";

/** The languages the app has messages for (lib/i18n.ts LANGUAGES): this entry does not load the app's i18n. */
const LANGUAGES = ["da-DK", "en-US"];

/** A read started here: its answer, and the token it was sent with (null: sent without one). */
export type EarlyRead = { bearer: Promise<string | undefined> | null; answer: Promise<Response> };

function dataBlock<T>(id: string): T | undefined {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? "null") ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The whole answer, read at once: its connection is free again whether or not the app takes it (an unread body
 * would hold one of the browser's six to the host), e.g. when a cached bundle ran first and asked itself.
 */
async function readWhole(answer: Response): Promise<Response> {
  const body = await answer.arrayBuffer();
  return new Response(body.byteLength ? body : null, {
    status: answer.status,
    statusText: answer.statusText,
    headers: answer.headers,
  });
}

function startReads(): Map<string, EarlyRead> {
  const reads = new Map<string, EarlyRead>();
  const module = dataBlock<{ productionUnitId: number; checkoutInstanceId: number }>(MODULE_BLOCK);
  const basketId = localStorage.getItem(BASKET_ID_KEY);
  if (!module || !basketId) return reads;
  // The basket's language as the app asks for it: the guest's choice, else the shop's default (basket-language.ts).
  const chosen =
    localStorage.getItem(LANGUAGE_KEY) ?? dataBlock<{ defaultLanguage?: string }>(LANGUAGES_BLOCK)?.defaultLanguage;
  const language = chosen && LANGUAGES.includes(chosen) ? chosen : "da-DK";
  const accept = { accept: "application/json" };
  // The page preloads this very request; the app's start then takes the answer from here.
  const tokenUrl = `/api/token/${module.productionUnitId}`;
  const tokenAnswer = fetch(tokenUrl, { headers: accept }).then(readWhole);
  reads.set(tokenUrl, { bearer: null, answer: tokenAnswer });
  const bearer = tokenAnswer
    .then((answer) => (answer.ok ? answer.clone().json() : {}))
    .then((body: { token?: string }) => body.token);
  for (const url of [
    `/api/basket/${encodeURIComponent(basketId)}?language=${language}`,
    `/api/instancesetting/${module.checkoutInstanceId}`,
  ]) {
    const answer = bearer.then((token) =>
      token
        ? fetch(url, { headers: { ...accept, authorization: `Bearer ${token}` } }).then(readWhole)
        : Promise.reject(),
    );
    answer.catch(() => {}); // a failed read is asked again by the app
    reads.set(url, { bearer, answer });
  }
  return reads;
}

try {
  const reads = startReads();
  if (reads.size > 0) (globalThis as Record<symbol, unknown>)[Symbol.for(READS_SYMBOL)] = reads;
} catch {
  // Storage blocked or a broken data block: the app reads everything itself.
}

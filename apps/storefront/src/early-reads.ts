/**
 * The guest's own first reads of /checkout — the basket and the checkout instance's settings — started as soon
 * as the page is parsed, while the app's bundle (~130 KB) is still downloading, instead of one round trip after
 * it has run. The page cannot carry the reads: it is the same for every guest of the host
 * (apps/api/src/plugins/storefront-page.ts), and the basket is this guest's.
 *
 * The server adds this entry (an async module of its own, importing nothing) to the /checkout page only. It
 * answers the app's own identical requests — same URL, GET, same bearer token — from the reads it started, each
 * once, by standing in front of `fetch` until they are all taken; so the first-load JavaScript of every page
 * stays as it is. Nothing here decides anything: a request the app sends differently, or a read that failed,
 * goes to the network as before, and without this script the app works as before.
 */

/** The ids and keys the app uses (lib/boot-data.ts, features/basket basket-storage.ts, lib/i18n.ts), repeated: this entry imports nothing. */
const LANGUAGES = ["da-DK", "en-US"];

type EarlyRead = { bearer: Promise<string | undefined> | null; answer: Promise<Response> };

/** The browser's own fetch: the reads below go to the network, not to the stand-in they are kept in. */
const networkFetch = globalThis.fetch;

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
  const module = dataBlock<{ productionUnitId: number; checkoutInstanceId: number }>("shop-module");
  const basketId = localStorage.getItem("basketId");
  if (!module || !basketId) return reads;
  // The basket's language as the app asks for it: the guest's choice, else the shop's default (basket-language.ts).
  const chosen =
    localStorage.getItem("language") ?? dataBlock<{ defaultLanguage?: string }>("shop-languages")?.defaultLanguage;
  const language = chosen && LANGUAGES.includes(chosen) ? chosen : "da-DK";
  const accept = { accept: "application/json" };
  // The page preloads this very request; the app's start then takes the answer from here.
  const tokenUrl = `/api/token/${module.productionUnitId}`;
  const tokenAnswer = networkFetch(tokenUrl, { headers: accept }).then(readWhole);
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
        ? networkFetch(url, { headers: { ...accept, authorization: `Bearer ${token}` } }).then(readWhole)
        : Promise.reject(),
    );
    answer.catch(() => {}); // a failed read is asked again by the app
    reads.set(url, { bearer, answer });
  }
  return reads;
}

/** The read started for this request, if the app sends it exactly so (same token) and it succeeded. */
async function answerFor(read: EarlyRead, init: RequestInit | undefined): Promise<Response | undefined> {
  try {
    const sentWith = new Headers(init?.headers).get("authorization");
    const bearer = read.bearer ? await read.bearer : undefined;
    if (sentWith !== (bearer ? `Bearer ${bearer}` : null)) return undefined;
    const answer = await read.answer;
    return answer.ok ? answer : undefined;
  } catch {
    return undefined;
  }
}

function standInFrontOfFetch(reads: Map<string, EarlyRead>): void {
  if (reads.size === 0) return;
  globalThis.fetch = (input, init) => {
    const read = typeof input === "string" ? reads.get(input) : undefined;
    if (!read || (init?.method ?? "GET") !== "GET" || init?.body != null) return networkFetch(input, init);
    reads.delete(input as string);
    if (reads.size === 0) globalThis.fetch = networkFetch;
    return answerFor(read, init).then((answer) => answer ?? networkFetch(input, init));
  };
}

try {
  standInFrontOfFetch(startReads());
} catch {
  // Storage blocked or a broken data block: the app reads everything itself.
}

// A module (it runs as `<script type="module">`), though it exports nothing.
export {};

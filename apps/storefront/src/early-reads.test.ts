// @vitest-environment happy-dom
import { EARLY_READS_SYMBOL } from "@app/contracts/storefront-boot";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createApiClient } from "./lib/api-client";
import { takeEarlyAnswer } from "./lib/early-answers";

const BASKET_URL = "/api/basket/b-1?language=en-US";
const SETTINGS_URL = "/api/instancesetting/6";

/** The network as the early reads see it: every call recorded, answers by URL. */
function network(settingsStatus = 200) {
  const calls: { url: string; authorization: string | null }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, authorization: new Headers(init?.headers).get("authorization") });
    if (url === "/api/token/3") return Response.json({ token: "t-1" });
    if (url === BASKET_URL) return Response.json({ id: "b-1" });
    if (url === SETTINGS_URL) return Response.json({ id: 6 }, { status: settingsStatus });
    return new Response("{}", { status: 404 });
  });
  return { calls, fetch };
}

/** The page of /checkout as the server sends it for the host, then the early-reads entry run on it. */
async function runEarlyReads(net: ReturnType<typeof network>) {
  document.head.innerHTML =
    '<script type="application/json" id="shop-module">{"id":1,"productionUnitId":3,"checkoutInstanceId":6}</script>' +
    '<script type="application/json" id="shop-languages">{"defaultLanguage":"da-DK"}</script>';
  globalThis.fetch = net.fetch as typeof globalThis.fetch;
  vi.resetModules();
  await import("./early-reads");
  // The app's own requests, as its API client sends them (the token without a bearer, the rest with one).
  return async (url: string, authorization?: string) => {
    const client = createApiClient({
      baseUrl: "",
      fetch: net.fetch as typeof globalThis.fetch,
      getToken: () => authorization?.replace("Bearer ", "") ?? null,
      earlyAnswer: takeEarlyAnswer,
    });
    const result = await client.request<unknown>("GET", url, { auth: authorization !== undefined });
    return { status: result.status, json: async () => (result.ok ? result.data : undefined) };
  };
}

const earlyReads = () =>
  (globalThis as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for(EARLY_READS_SYMBOL)];

const realFetch = globalThis.fetch;
beforeEach(() => {
  localStorage.setItem("basketId", "b-1");
  localStorage.setItem("language", "en-US");
});
afterEach(() => {
  globalThis.fetch = realFetch;
  delete (globalThis as Record<symbol, unknown>)[Symbol.for(EARLY_READS_SYMBOL)];
  localStorage.clear();
  document.head.innerHTML = "";
});

test("the token, the basket and the checkout settings are asked for once, and the app's requests get those answers", async () => {
  const net = network();
  const appFetch = await runEarlyReads(net);
  const token = await appFetch("/api/token/3");
  expect(await token.json()).toEqual({ token: "t-1" });
  expect(await (await appFetch(BASKET_URL, "Bearer t-1")).json()).toEqual({ id: "b-1" });
  expect(await (await appFetch(SETTINGS_URL, "Bearer t-1")).json()).toEqual({ id: 6 });
  expect(net.calls).toEqual([
    { url: "/api/token/3", authorization: null },
    { url: BASKET_URL, authorization: "Bearer t-1" },
    { url: SETTINGS_URL, authorization: "Bearer t-1" },
  ]);
  expect(earlyReads()?.size, "every read taken once").toBe(0);
  expect(globalThis.fetch, "fetch is never replaced").toBe(net.fetch);
});

test("a request the app sends with another token goes to the network", async () => {
  const net = network();
  const appFetch = await runEarlyReads(net);
  await appFetch(BASKET_URL, "Bearer other");
  expect(net.calls.filter((call) => call.url === BASKET_URL)).toEqual([
    { url: BASKET_URL, authorization: "Bearer t-1" },
    { url: BASKET_URL, authorization: "Bearer other" },
  ]);
});

test("a failed read is asked again by the app", async () => {
  const net = network(503);
  const appFetch = await runEarlyReads(net);
  await vi.waitFor(() => expect(net.calls.map((call) => call.url)).toContain(SETTINGS_URL));
  const answer = await appFetch(SETTINGS_URL, "Bearer t-1");
  expect(answer.status).toBe(503);
  expect(net.calls.filter((call) => call.url === SETTINGS_URL)).toHaveLength(2);
});

test("an answer the app never takes is read to its end, so it holds no connection", async () => {
  const net = network();
  await runEarlyReads(net);
  await vi.waitFor(() => expect(net.calls).toHaveLength(3));
  const answers = await Promise.all(net.fetch.mock.results.map((result) => result.value as Promise<Response>));
  await vi.waitFor(() => expect(answers.map((answer) => answer.bodyUsed)).toEqual([true, true, true]));
});

test("a token read that fails leaves every request to the network", async () => {
  const net = network();
  net.fetch.mockImplementationOnce(async () => {
    throw new TypeError("offline");
  });
  const appFetch = await runEarlyReads(net);
  const basket = await appFetch(BASKET_URL, "Bearer t-1");
  expect(await basket.json()).toEqual({ id: "b-1" });
});

test("without a stored basket nothing is read early and nothing is left for the app", async () => {
  localStorage.removeItem("basketId");
  const net = network();
  await runEarlyReads(net);
  expect(net.calls).toEqual([]);
  expect(earlyReads()).toBeUndefined();
});

// Part 4, lunch rush: 200 browsing guests (menu, products, context, blocked products and choices,
// sending back ETags as If-None-Match as a browser's cache does) and 32 ordering guests (complete
// flows) at once. Targets (targets.mjs): no errors, and the API's resident memory (RSS) flat: the mean of the last
// third of the window ≤ 110 % of the first third's (after warm-up). The p99 of each call is printed for information.

import { LOAD_CORE } from "./cpu.mjs";
import { BROWSER_ACCEPT_ENCODING } from "./http.mjs";
import { runLoad } from "./load.mjs";
import { flowChild, GUESTS } from "./place-order.mjs";
import { rssMb, sleep, startProduct } from "./product.mjs";
import { openShop } from "./shop.mjs";
import { budgetRow, infoRow, ratioRow } from "./table.mjs";
import { TARGETS } from "./targets.mjs";

const PART = "4 lunch rush";
export const BROWSERS = 200;

/** What 200 browsing guests ask, and how many of them ask it at a time. */
function browsingCalls(shop) {
  const { module } = shop;
  const headers = { ...shop.auth, "accept-encoding": BROWSER_ACCEPT_ENCODING };
  const get = (path) => ({ method: "GET", path, headers });
  const unit = `productionUnitId=${module.productionUnitId}`;
  return [
    {
      name: "GET /api/category/menu/{menuId}",
      connections: 50,
      requests: [get(`/api/category/menu/${shop.menuId}?instanceId=${module.menuInstanceId}`)],
    },
    {
      name: "GET /api/product/{id}",
      connections: 50,
      requests: shop.productIds
        .slice(0, 20)
        .map((id) => get(`/api/product/${id}?instanceId=${module.productInstanceId}`)),
    },
    {
      name: "POST /api/context",
      connections: 40,
      requests: [
        {
          method: "POST",
          path: "/api/context",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify(shop.productIds),
        },
      ],
    },
    { name: "GET /api/blockedProduct", connections: 30, requests: [get(`/api/blockedProduct?${unit}`)] },
    { name: "GET /api/blockedChoice", connections: 30, requests: [get(`/api/blockedChoice?${unit}`)] },
  ];
}

export async function measureLunchRush({ setup, timing, log }) {
  const product = await startProduct(setup);
  const ordering = flowChild("http", LOAD_CORE, { BENCH_FLOW_INPUT: JSON.stringify({ urls: product.urls }) });
  try {
    const shop = await openShop(product.urls[0]);
    const calls = browsingCalls(shop);
    const targets = calls.flatMap((call) =>
      product.urls.map((url) => ({
        ...call,
        url,
        etags: true,
        connections: Math.ceil(call.connections / product.urls.length),
      })),
    );
    // Long enough for V8's heap to grow to its working size (on PGlite its floor after a full collection rose
    // over a rush's first 40 s, then stayed): RSS is judged after that.
    const warmup = timing.rushWarmupSeconds;
    log(
      `  ${BROWSERS} browsing + ${GUESTS} ordering guests: ${warmup} s warm-up, then ${timing.rushSeconds} s measured`,
    );
    const browsing = runLoad({ seconds: timing.rushSeconds, warmupSeconds: warmup, targets });
    await ordering.send({ run: { seconds: warmup, guests: GUESTS } });
    const [orders, memory] = await Promise.all([
      ordering.send({ run: { seconds: timing.rushSeconds, guests: GUESTS } }),
      sampleRss(product.pids, timing.rushSeconds),
    ]);
    return rowsOf(calls, await browsing, orders, memory);
  } finally {
    ordering.kill();
    await product.stop();
  }
}

/** RSS of every API process twice a second for `seconds`: the sum over processes per sample. */
async function sampleRss(pids, seconds) {
  const samples = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    samples.push(pids.reduce((sum, pid) => sum + (rssMb(pid) ?? 0), 0));
    await sleep(500);
  }
  const third = Math.max(1, Math.floor(samples.length / 3));
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    first: mean(samples.slice(0, third)),
    last: mean(samples.slice(-third)),
    peak: Math.max(...samples),
    samples,
  };
}

function rowsOf(calls, browsing, orders, memory) {
  const rows = [];
  let browseFailures = 0;
  for (const call of calls) {
    const results = browsing.filter((r) => r.name === call.name);
    const answered = results.reduce((sum, r) => sum + r.answered, 0);
    const p99 = Math.max(...results.map((r) => r.latency.p99));
    for (const r of results) {
      browseFailures += r.errors + r.timeouts;
      for (const [status, count] of Object.entries(r.statusCounts))
        if (!/^2|^304$/.test(status)) browseFailures += count;
    }
    rows.push(
      infoRow({
        part: PART,
        name: `p99 ${call.name} (browsing, ${answered} answered)`,
        value: p99,
        unit: "ms",
        details: results,
      }),
    );
  }
  const slowest = [...orders.calls].sort((a, b) => b.p99 - a.p99)[0];
  rows.push(
    infoRow({
      part: PART,
      name: `p99 of the ordering calls (${orders.allCalls.count} calls; slowest route ${slowest?.route})`,
      measured: `${Math.round(orders.allCalls.p99)} ms; ${Math.round(slowest?.p99 ?? 0)} ms`,
      details: orders.calls,
    }),
  );
  rows.push(
    budgetRow({
      part: PART,
      name: "browsing errors (not 2xx/304, socket errors, timeouts)",
      value: browseFailures,
      target: TARGETS.errors,
    }),
    budgetRow({
      part: PART,
      name: `ordering errors (non-2xx, failed flows; ${orders.orders} orders placed)`,
      value: orders.non2xx + orders.failureCount,
      target: TARGETS.errors,
      details: [...orders.non2xxSamples, ...orders.failures],
    }),
    ratioRow({
      part: PART,
      name: `API RSS, last third vs first third (peak ${memory.peak.toFixed(0)} MB)`,
      ours: memory.last,
      baseline: memory.first,
      unit: "MB",
      target: TARGETS.rssGrowth,
      details: memory.samples,
    }),
  );
  return rows;
}

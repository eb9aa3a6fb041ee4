#!/usr/bin/env node
// What stands before a page's largest paint in Lighthouse's estimate: Lantern (the model behind the mobile
// preset's LCP) replays the page's requests and main-thread tasks on a simulated slow 4G link and a 4× slower
// processor, keeping only what the observed load had finished before its largest paint. This prints that
// simulated timeline, so a change meant for the LCP can be checked against what Lantern counts.
//
//   node bench/storefront/critical-chain.mjs http://localhost:3000 /checkout [runs]
//
// The page is one of part 5's (`/`, `/menu/{id}`, `/checkout`), as the logged-in guest of the bench sees it.
import { pathToFileURL } from "node:url";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";
import { basketWithOneItem, firstCategoryId, guestStorageScript, shopClient } from "./guest.mjs";
import { launchChrome, runLighthouse } from "./lighthouse.mjs";
import { measuredPages } from "./pages.mjs";

/** Lantern's two estimates of the LCP (their mean is the metric): the graph with and without doubtful requests. */
const LCP_SIMULATIONS = ["optimisticLargestContentfulPaint", "pessimisticLargestContentfulPaint"];

/**
 * One simulation's nodes as rows from the first start on: `{ startMs, endMs, what }`, where `what` is a request
 * (its priority, path and bytes on the wire) or a main-thread task (its observed, unthrottled length).
 */
export function simulatedChain(nodeTimings) {
  return [...nodeTimings]
    .sort(([, a], [, b]) => a.startTime - b.startTime)
    .map(([node, timing]) => ({ startMs: timing.startTime, endMs: timing.endTime, what: describeNode(node) }));
}

function describeNode(node) {
  if (node.type !== "network") return `task, ${Math.round(node.duration / 1000)} ms observed${taskParts(node)}`;
  const { priority, url, transferSize } = node.request;
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, "");
  return `${priority} ${path} (${transferSize} B)`;
}

/** What took the time of a main-thread task: its three longest kinds of work, e.g. " (ParseHTML 31, Layout 4)". */
export function taskParts(node) {
  const byName = new Map();
  for (const event of node.childEvents ?? []) byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0));
  const top = [...byName]
    .filter(([, us]) => us >= 1000)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 3);
  return top.length ? ` (${top.map(([name, us]) => `${name} ${Math.round(us / 1000)}`).join(", ")})` : "";
}

/** The LCP simulations of the last Lighthouse run in this process, by name. */
export function lcpSimulations(allNodeTimings = Lantern.Simulation.Simulator.allNodeTimings) {
  return LCP_SIMULATIONS.filter((name) => allNodeTimings.has(name)).map((name) => ({
    name,
    chain: simulatedChain(allNodeTimings.get(name)),
  }));
}

export function formatChain(chain) {
  const ms = (value) => String(Math.round(value)).padStart(6);
  return chain.map((row) => `${ms(row.startMs)} → ${ms(row.endMs)} ms  ${row.what}`).join("\n");
}

async function main([baseUrl, pageName = "/checkout", runs = "1"]) {
  if (!baseUrl) throw new Error("usage: critical-chain.mjs <base url> [/|/menu/{id}|/checkout] [runs]");
  const base = baseUrl.replace(/\/$/, "");
  const shop = await shopClient(base);
  const page = measuredPages(await firstCategoryId(shop)).find((p) => p.name === pageName);
  if (!page) throw new Error(`${pageName}: not one of /, /menu/{id}, /checkout`);
  const chrome = await launchChrome(process.env.CHROMIUM ?? "/usr/bin/chromium");
  try {
    for (let run = 1; run <= Number(runs); run++) {
      const basket = page.needsBasket ? await basketWithOneItem(shop) : undefined;
      Lantern.Simulation.Simulator.allNodeTimings.clear();
      const result = await runLighthouse(
        chrome,
        `${base}${page.path}`,
        guestStorageScript(base, shop.module.productionUnitId, basket),
      );
      console.log(`\n${page.name}, run ${run}: LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms`);
      console.log(`largest paint: ${result.lcpElement}`);
      for (const { name, chain } of lcpSimulations()) console.log(`${name}\n${formatChain(chain)}`);
    }
  } finally {
    chrome.kill();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main(process.argv.slice(2));

import { describe, expect, it } from "vitest";
import { formatChain, lcpSimulations, simulatedChain, taskParts } from "./critical-chain.mjs";

const request = (url, transferSize, priority = "High") => ({
  type: "network",
  request: { url, transferSize, priority },
});
const task = (durationUs) => ({ type: "cpu", duration: durationUs });
const timing = (startTime, endTime) => ({ startTime, endTime, duration: endTime - startTime });

describe("simulatedChain", () => {
  it("lists requests and tasks by simulated start, requests by path, tasks by their observed length", () => {
    const timings = new Map([
      [request("http://127.0.0.1:3000/assets/vendor.js", 59_028), timing(981, 2071)],
      [request("http://127.0.0.1:3000/checkout", 7453, "VeryHigh"), timing(0, 640)],
      [task(32_400), timing(665, 794)],
    ]);

    expect(simulatedChain(timings)).toEqual([
      { startMs: 0, endMs: 640, what: "VeryHigh /checkout (7453 B)" },
      { startMs: 665, endMs: 794, what: "task, 32 ms observed" },
      { startMs: 981, endMs: 2071, what: "High /assets/vendor.js (59028 B)" },
    ]);
  });
});

describe("taskParts", () => {
  it("names a task's three longest kinds of work in ms, summed by name, leaving out those under 1 ms", () => {
    const childEvents = [
      { name: "ParseHTML", dur: 20_400 },
      { name: "Layout", dur: 3_000 },
      { name: "ParseHTML", dur: 10_700 },
      { name: "EvaluateScript", dur: 5_200 },
      { name: "UpdateLayoutTree", dur: 1_100 },
      { name: "TimerFire", dur: 900 },
    ];

    expect(taskParts({ type: "cpu", childEvents })).toBe(" (ParseHTML 31, EvaluateScript 5, Layout 3)");
    expect(taskParts({ type: "cpu", childEvents: [{ name: "TimerFire", dur: 900 }] })).toBe("");
  });
});

describe("lcpSimulations", () => {
  it("keeps the LCP's two estimates of a run and leaves the other metrics' simulations out", () => {
    const document = new Map([[request("http://shop.test/", 7000, "VeryHigh"), timing(0, 600)]]);
    const all = new Map([
      ["optimisticFirstContentfulPaint", document],
      ["optimisticLargestContentfulPaint", document],
      ["pessimisticLargestContentfulPaint", document],
    ]);

    expect(lcpSimulations(all).map((simulation) => simulation.name)).toEqual([
      "optimisticLargestContentfulPaint",
      "pessimisticLargestContentfulPaint",
    ]);
    expect(lcpSimulations(all)[0].chain).toEqual([{ startMs: 0, endMs: 600, what: "VeryHigh / (7000 B)" }]);
  });

  it("is empty before any run", () => {
    expect(lcpSimulations(new Map())).toEqual([]);
  });
});

describe("formatChain", () => {
  it("prints one line per row, times rounded to the millisecond", () => {
    expect(formatChain([{ startMs: 640.4, endMs: 981.6, what: "High /api/token/2 (913 B)" }])).toBe(
      "   640 →    982 ms  High /api/token/2 (913 B)",
    );
  });
});

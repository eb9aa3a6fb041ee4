import { describe, expect, test } from "vitest";
import { closedLoop } from "./closed-loop.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe("closedLoop", () => {
  test("keeps `concurrency` calls under way: twice the callers answer about twice the calls of a waiting call", async () => {
    const one = await closedLoop(() => sleep(5), { seconds: 0.3, concurrency: 1 });
    const four = await closedLoop(() => sleep(5), { seconds: 0.3, concurrency: 4 });
    expect(one.failures).toBe(0);
    expect(four.answered).toBeGreaterThan(one.answered * 2.5);
    expect(four.requestsPerSecond).toBeGreaterThan(one.requestsPerSecond * 2.5);
  });

  test("counts a call that throws as failed, not answered, and keeps the first error", async () => {
    let calls = 0;
    const result = await closedLoop(
      async () => {
        await sleep(1);
        if (++calls % 2 === 0) throw new Error("410 BASKET_EXPIRED");
      },
      { seconds: 0.1, concurrency: 2 },
    );
    expect(result.failures).toBeGreaterThan(0);
    expect(result.answered + result.failures).toBe(calls);
    expect(result.firstError).toBe("410 BASKET_EXPIRED");
  });
});

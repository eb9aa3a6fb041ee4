import { describe, expect, test } from "vitest";
import { backgroundRun, runEvery } from "./background-run";

/** Work that stays under way until released, counting its runs and how many ran at once. */
function heldWork() {
  let release: () => void = () => {};
  const seen = { runs: 0, atOnce: 0, maxAtOnce: 0 };
  const work = async () => {
    seen.runs++;
    seen.atOnce++;
    seen.maxAtOnce = Math.max(seen.maxAtOnce, seen.atOnce);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    seen.atOnce--;
  };
  return { work, seen, release: () => release() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("backgroundRun", () => {
  test("kicks during a run make exactly one more run after it, never two at once", async () => {
    const { work, seen, release } = heldWork();
    const run = backgroundRun(work, () => {});
    run.kick();
    run.kick();
    run.kick();
    expect(seen.runs).toBe(1);
    release();
    await tick();
    expect(seen.runs).toBe(2);
    release();
    await run.drain();
    expect(seen).toEqual({ runs: 2, atOnce: 0, maxAtOnce: 1 });
  });

  test("a failing run goes to onError and the next kick runs again", async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const run = backgroundRun(
      async () => {
        runs++;
        throw new Error("provider down");
      },
      (error) => errors.push(error),
    );
    run.kick();
    await run.drain();
    run.kick();
    await run.drain();
    expect(runs).toBe(2);
    expect(errors.map((error) => (error as Error).message)).toEqual(["provider down", "provider down"]);
  });
});

describe("runEvery", () => {
  test("runs at once and on the interval; stop waits for the run under way and ends the timer", async () => {
    let runs = 0;
    const stop = runEvery(
      backgroundRun(
        async () => {
          runs++;
        },
        () => {},
      ),
      5,
    );
    expect(runs).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await stop();
    const stoppedAt = runs;
    expect(stoppedAt).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(stoppedAt);
  });
});

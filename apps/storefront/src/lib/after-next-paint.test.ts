// @vitest-environment happy-dom
import { describe, expect, test, vi } from "vitest";
import { afterNextPaint, FALLBACK_MS, type PaintScheduler } from "./after-next-paint";

/** A scheduler the test drives by hand: frames, queued tasks and the clock move only when told. */
function manualScheduler() {
  let frames = new Map<number, () => void>();
  const timers = new Map<number, { callback: () => void; at: number }>();
  let tasks: (() => void)[] = [];
  let nextHandle = 1;
  let now = 0;
  const scheduler: PaintScheduler = {
    requestAnimationFrame: (callback) => {
      frames.set(nextHandle, callback);
      return nextHandle++;
    },
    cancelAnimationFrame: (handle) => void frames.delete(handle),
    setTimeout: (callback, ms) => {
      timers.set(nextHandle, { callback, at: now + ms });
      return nextHandle++;
    },
    clearTimeout: (handle) => void timers.delete(handle),
    queueTask: (callback) => void tasks.push(callback),
  };
  return {
    scheduler,
    /** The browser runs the frame's animation callbacks, then paints. */
    runFrame() {
      const due = [...frames.values()];
      frames = new Map();
      for (const callback of due) callback();
    },
    runTasks() {
      const due = tasks;
      tasks = [];
      for (const callback of due) callback();
    },
    advance(ms: number) {
      now += ms;
      for (const [handle, timer] of timers) {
        if (timer.at > now) continue;
        timers.delete(handle);
        timer.callback();
      }
    },
  };
}

describe("afterNextPaint", () => {
  test("runs the task in a task of its own after the frame, not inside the frame's callbacks", () => {
    const browser = manualScheduler();
    const task = vi.fn();
    afterNextPaint(task, browser.scheduler);
    browser.runFrame();
    expect(task).not.toHaveBeenCalled();
    browser.runTasks();
    expect(task).toHaveBeenCalledTimes(1);
  });

  test("runs the task after FALLBACK_MS when no frame comes (a hidden tab)", () => {
    const browser = manualScheduler();
    const task = vi.fn();
    afterNextPaint(task, browser.scheduler);
    browser.advance(FALLBACK_MS - 1);
    expect(task).not.toHaveBeenCalled();
    browser.advance(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  test("runs the task once when both the frame and the fallback come", () => {
    const browser = manualScheduler();
    const task = vi.fn();
    afterNextPaint(task, browser.scheduler);
    browser.runFrame();
    browser.runTasks();
    browser.advance(FALLBACK_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  test("a cancelled task never runs", () => {
    const browser = manualScheduler();
    const task = vi.fn();
    const cancel = afterNextPaint(task, browser.scheduler);
    browser.runFrame();
    cancel();
    browser.runTasks();
    browser.advance(FALLBACK_MS);
    expect(task).not.toHaveBeenCalled();
  });

  test("with the browser's own scheduling the task runs", async () => {
    await expect(new Promise<string>((resolve) => afterNextPaint(() => resolve("ran")))).resolves.toBe("ran");
  });
});

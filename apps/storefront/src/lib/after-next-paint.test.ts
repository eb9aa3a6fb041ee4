// @vitest-environment happy-dom
import { describe, expect, test, vi } from "vitest";
import { manualScheduler } from "../testing/manual-paint-scheduler";
import { afterNextPaint, FALLBACK_MS } from "./after-next-paint";

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

import { describe, expect, test, vi } from "vitest";
import { manualScheduler } from "../testing/manual-paint-scheduler";
import { watchFirstPaint } from "./first-paint";

describe("watchFirstPaint", () => {
  test("says painted, and tells its subscribers, once the frame after the first subscription is painted", () => {
    const browser = manualScheduler();
    const firstPaint = watchFirstPaint(browser.scheduler);
    const logo = vi.fn();
    const picture = vi.fn();
    firstPaint.subscribe(logo);
    firstPaint.subscribe(picture);
    browser.runFrame();
    expect(firstPaint.hasPainted()).toBe(false);
    browser.runTasks();
    expect(firstPaint.hasPainted()).toBe(true);
    expect(logo).toHaveBeenCalledTimes(1);
    expect(picture).toHaveBeenCalledTimes(1);
  });

  test("watches nothing until someone subscribes", () => {
    const browser = manualScheduler();
    const firstPaint = watchFirstPaint(browser.scheduler);
    browser.runFrame();
    browser.runTasks();
    expect(firstPaint.hasPainted()).toBe(false);
  });

  test("does not tell a subscriber that left before the paint", () => {
    const browser = manualScheduler();
    const firstPaint = watchFirstPaint(browser.scheduler);
    const left = vi.fn();
    const unsubscribe = firstPaint.subscribe(left);
    unsubscribe();
    firstPaint.subscribe(() => {});
    browser.runFrame();
    browser.runTasks();
    expect(left).not.toHaveBeenCalled();
    expect(firstPaint.hasPainted()).toBe(true);
  });

  test("stays painted: later subscribers schedule nothing", () => {
    const browser = manualScheduler();
    const firstPaint = watchFirstPaint(browser.scheduler);
    firstPaint.subscribe(() => {});
    browser.runFrame();
    browser.runTasks();
    const frames = vi.spyOn(browser.scheduler, "requestAnimationFrame");
    firstPaint.subscribe(() => {});
    expect(frames).not.toHaveBeenCalled();
    expect(firstPaint.hasPainted()).toBe(true);
  });
});

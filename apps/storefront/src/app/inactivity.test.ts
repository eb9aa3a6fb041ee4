import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { INACTIVITY_PAUSE_MS, watchInactivity } from "./inactivity";

class FakeWindow extends EventTarget {}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test("the pause comes after 120000 ms without activity, not before", () => {
  const onIdle = vi.fn();
  watchInactivity(new FakeWindow() as unknown as Window, INACTIVITY_PAUSE_MS, onIdle);
  vi.advanceTimersByTime(119_999);
  expect(onIdle).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(onIdle).toHaveBeenCalledOnce();
});

test.each(["mousemove", "keydown", "pointerdown", "scroll"])("a %s restarts the wait", (name) => {
  const target = new FakeWindow();
  const onIdle = vi.fn();
  watchInactivity(target as unknown as Window, INACTIVITY_PAUSE_MS, onIdle);
  vi.advanceTimersByTime(100_000);
  target.dispatchEvent(new Event(name));
  vi.advanceTimersByTime(100_000);
  expect(onIdle).not.toHaveBeenCalled();
  vi.advanceTimersByTime(20_000);
  expect(onIdle).toHaveBeenCalledOnce();
});

test("unsubscribing stops the wait", () => {
  const target = new FakeWindow();
  const onIdle = vi.fn();
  const stop = watchInactivity(target as unknown as Window, INACTIVITY_PAUSE_MS, onIdle);
  stop();
  vi.advanceTimersByTime(INACTIVITY_PAUSE_MS * 2);
  expect(onIdle).not.toHaveBeenCalled();
});

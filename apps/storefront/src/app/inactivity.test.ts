// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { INACTIVITY_PAUSE_MS, useInactivityPause, watchInactivity } from "./inactivity";

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

describe("the pause screen, per the restaurant's pauseWhenIdle", () => {
  test("on: after 120000 ms without activity it pauses, and resuming hides it again", () => {
    const { result } = renderHook(() => useInactivityPause(true));
    act(() => vi.advanceTimersByTime(INACTIVITY_PAUSE_MS));
    expect(result.current.paused).toBe(true);
    act(() => result.current.resume());
    expect(result.current.paused).toBe(false);
  });

  test("off (a shop for the guests' own phones): it never pauses, however long the guest is away", () => {
    const { result } = renderHook(() => useInactivityPause(false));
    act(() => vi.advanceTimersByTime(INACTIVITY_PAUSE_MS * 10));
    expect(result.current.paused).toBe(false);
  });

  test("switched off while paused (the guest reached the payment page), the pause screen goes", () => {
    const { result, rerender } = renderHook(({ enabled }) => useInactivityPause(enabled), {
      initialProps: { enabled: true },
    });
    act(() => vi.advanceTimersByTime(INACTIVITY_PAUSE_MS));
    expect(result.current.paused).toBe(true);
    rerender({ enabled: false });
    expect(result.current.paused).toBe(false);
  });
});

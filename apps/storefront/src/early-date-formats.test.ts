// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from "vitest";

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function runEntry() {
  vi.resetModules();
  await import("./early-date-formats");
}

test("ICU's date formats are started once, after the scripts that arrived with this one have run", async () => {
  vi.useFakeTimers();
  const made = vi.spyOn(Intl, "DateTimeFormat");
  await runEntry();
  expect(made).not.toHaveBeenCalled();
  vi.runAllTimers();
  expect(made).toHaveBeenCalledTimes(1);
});

test("an engine whose date formats throw leaves the page to the app", async () => {
  vi.useFakeTimers();
  vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function noTimeZones() {
    throw new RangeError("no time zones");
  });
  await runEntry();
  expect(() => vi.runAllTimers()).not.toThrow();
});

import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createProblemReport, type ProblemSummary } from "./problem-report";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test("the first problem is told at once; the rest of the minute's are one line with their count at its end", () => {
  const lines: ProblemSummary[] = [];
  const report = createProblemReport((summary) => lines.push(summary));

  report.failed("connect ECONNREFUSED");
  expect(lines).toEqual([{ failed: 1, dropped: 0, lastProblem: "connect ECONNREFUSED" }]);

  for (let i = 0; i < 1999; i++) report.failed("connect ECONNREFUSED");
  report.dropped();
  expect(lines).toHaveLength(1);

  vi.advanceTimersByTime(60_000);
  expect(lines).toEqual([
    { failed: 1, dropped: 0, lastProblem: "connect ECONNREFUSED" },
    { failed: 1999, dropped: 1, lastProblem: "connect ECONNREFUSED" },
  ]);
});

test("a webhook failing without end writes one line a minute", () => {
  const lines: ProblemSummary[] = [];
  const report = createProblemReport((summary) => lines.push(summary));
  for (let second = 0; second < 600; second++) {
    for (let i = 0; i < 30; i++) report.failed("timeout");
    vi.advanceTimersByTime(1000);
  }
  expect(lines.length).toBeGreaterThanOrEqual(10);
  expect(lines.length).toBeLessThanOrEqual(11);
  expect(lines.reduce((sum, line) => sum + line.failed, 0)).toBe(600 * 30);
});

test("nothing to tell, nothing written; close tells what is untold", () => {
  const lines: ProblemSummary[] = [];
  const report = createProblemReport((summary) => lines.push(summary));
  vi.advanceTimersByTime(120_000);
  expect(lines).toEqual([]);
  report.failed("a");
  report.failed("b");
  report.close();
  expect(lines).toEqual([
    { failed: 1, dropped: 0, lastProblem: "a" },
    { failed: 1, dropped: 0, lastProblem: "b" },
  ]);
  vi.advanceTimersByTime(120_000);
  expect(lines).toHaveLength(2);
});

/** What the report tells: attempts not delivered since the last line, and the last reason. */
export type ProblemSummary = { failed: number; dropped: number; lastProblem: string };

export type ProblemReport = {
  /** A post that did not reach the webhook. */
  failed: (problem: string) => void;
  /** An attempt dropped unsent because the queue was full. */
  dropped: () => void;
  /** Tells what is still untold (on close). */
  close: () => void;
};

export const PROBLEM_REPORT_INTERVAL_MS = 60_000;

/**
 * The login webhook's problems, told at most once a minute: the first at once, the ones after it summed
 * up in one line at the end of the minute. A dead webhook under a flood of attempts thus writes one line a
 * minute with the count, not one per attempt (issue 41: 2,000 attempts made 2,000 warn lines).
 */
export function createProblemReport(
  warn: (summary: ProblemSummary) => void,
  { now = Date.now, intervalMs = PROBLEM_REPORT_INTERVAL_MS }: { now?: () => number; intervalMs?: number } = {},
): ProblemReport {
  let untold: ProblemSummary = { failed: 0, dropped: 0, lastProblem: "" };
  let toldAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function tell(): void {
    if (untold.failed === 0 && untold.dropped === 0) return;
    warn(untold);
    untold = { failed: 0, dropped: 0, lastProblem: "" };
    toldAt = now();
  }

  function noted(): void {
    const wait = toldAt + intervalMs - now();
    if (wait <= 0) {
      tell();
      return;
    }
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      tell();
    }, wait);
    // The report must never keep a process alive that is otherwise done.
    timer.unref?.();
  }

  return {
    failed(problem) {
      untold.failed += 1;
      untold.lastProblem = problem;
      noted();
    },
    dropped() {
      untold.dropped += 1;
      noted();
    },
    close() {
      clearTimeout(timer);
      timer = undefined;
      tell();
    },
  };
}

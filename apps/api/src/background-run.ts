/**
 * Work the API does besides answering requests (sending receipts, refunds, the payment sweeper):
 * started with `kick()` after a commit, or on a timer, and never run twice at once in a process.
 * Several processes may run the same work at once: the work itself claims its rows in the database.
 */
export type BackgroundRun = {
  /** Starts the work now; during a run, once more after it (what the kick was for may have come too late for it). */
  kick: () => void;
  /** Waits until no run is under way (on close, and in tests). */
  drain: () => Promise<void>;
};

export function backgroundRun(work: () => Promise<unknown>, onError: (error: unknown) => void): BackgroundRun {
  let running: Promise<void> | null = null;
  let again = false;

  const run = (): Promise<void> =>
    work()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          running = run();
        }
      });

  return {
    kick() {
      if (running) again = true;
      else running = run();
    },
    async drain() {
      while (running) await running;
    },
  };
}

/**
 * Kicks the run now and then every `intervalMs`. The timer is unref'd, so it never keeps the process
 * alive. Answers a stop function that waits for a run under way.
 */
export function runEvery(run: BackgroundRun, intervalMs: number): () => Promise<void> {
  const timer = setInterval(run.kick, intervalMs);
  timer.unref();
  run.kick();
  return async () => {
    clearInterval(timer);
    await run.drain();
  };
}

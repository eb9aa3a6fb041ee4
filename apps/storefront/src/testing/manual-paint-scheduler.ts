import type { PaintScheduler } from "../lib/after-next-paint";

/** A scheduler the test drives by hand: frames, queued tasks and the clock move only when told. */
export function manualScheduler() {
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

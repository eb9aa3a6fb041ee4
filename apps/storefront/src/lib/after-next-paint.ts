/**
 * Runs work once the browser has painted the frame it is preparing now. Requests and chunk downloads started
 * from a component's first effect otherwise race that paint: Lighthouse's LCP estimate (Lantern) puts every
 * request that ended before the largest paint on the paint's critical chain, so work the first paint does not
 * need would lengthen it (decision 016).
 */

/** A hidden tab runs no animation frames: the work then starts after this long instead of never. */
export const FALLBACK_MS = 200;

export type PaintScheduler = {
  requestAnimationFrame: (callback: () => void) => number;
  cancelAnimationFrame: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (handle: number) => void;
  /** Queues a task (not a microtask): it runs after the frame whose animation callbacks queued it is painted. */
  queueTask: (callback: () => void) => void;
};

/**
 * Calls `task` once, after the next frame is painted (or after FALLBACK_MS without a frame). Returns a cancel
 * function, so an effect can return it as its cleanup.
 */
export function afterNextPaint(task: () => void, scheduler: PaintScheduler = browserScheduler()): () => void {
  let done = false;
  let frame: number | undefined;
  let fallback: number | undefined;
  const stop = () => {
    done = true;
    if (frame !== undefined) scheduler.cancelAnimationFrame(frame);
    if (fallback !== undefined) scheduler.clearTimeout(fallback);
  };
  const run = () => {
    if (done) return;
    stop();
    task();
  };
  // Animation frame callbacks run before the frame's style, layout and paint; a task queued there runs after.
  frame = scheduler.requestAnimationFrame(() => scheduler.queueTask(run));
  fallback = scheduler.setTimeout(run, FALLBACK_MS);
  return stop;
}

/** The browser's own scheduling; without animation frames (no DOM), only the fallback timer runs the task. */
export function browserScheduler(): PaintScheduler {
  const hasFrames = typeof globalThis.requestAnimationFrame === "function";
  return {
    requestAnimationFrame: (callback) => (hasFrames ? globalThis.requestAnimationFrame(callback) : 0),
    cancelAnimationFrame: (handle) => (hasFrames ? globalThis.cancelAnimationFrame(handle) : undefined),
    setTimeout: (callback, ms) => Number(globalThis.setTimeout(callback, ms)),
    clearTimeout: (handle) => globalThis.clearTimeout(handle),
    queueTask,
  };
}

/**
 * A message to oneself arrives as a task of its own, without setTimeout(0)'s clamping to 4 ms once timers nest
 * (https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timers, step 5).
 */
function queueTask(callback: () => void): void {
  if (typeof MessageChannel !== "function") {
    globalThis.setTimeout(callback, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    callback();
  };
  channel.port2.postMessage(null);
}

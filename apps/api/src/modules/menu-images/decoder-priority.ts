/**
 * The decoding threads yield the CPU to the event loop. libvips computes an image's pixels on threads of its own
 * ("libvips worker"); under Linux's scheduler a busy one takes as much CPU as the event loop, so with the API on
 * one core two decodes left guests' reads a third of it (bench part 8: 23 % of their rate). A nice value of 10
 * gives each decoder about a tenth of the event loop's share while both want the CPU, and all of an idle CPU.
 *
 * Linux keeps the nice value per thread (man 7 sched; setpriority(2) with a thread id), and Node's os.setPriority
 * passes the id through. Threads are found by the name libvips gives them (/proc/self/task/<tid>/comm): a libvips
 * that renamed them would make this a no-op, which decoder-priority.test.ts would report. Elsewhere (macOS,
 * Windows: no /proc) it does nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

export const DECODER_NICE = 10;
const DECODER_THREAD_NAME = "libvips worker";
const TASKS = "/proc/self/task";

/**
 * Lowers the priority of every libvips worker thread not lowered yet; the ids of those lowered now. Each thread's
 * own priority says whether it was lowered (no list of ids kept: the kernel reuses the id of a thread that ended).
 */
export function lowerDecoderPriority(): number[] {
  const now: number[] = [];
  for (const tid of threadIds()) {
    if (threadName(tid) !== DECODER_THREAD_NAME) continue;
    try {
      if (getPriority(tid) === DECODER_NICE) continue;
      setPriority(tid, DECODER_NICE);
      now.push(tid);
    } catch {
      // The thread ended between the listing and the call.
    }
  }
  return now;
}

/**
 * Keeps lowering while `work` runs: libvips starts worker threads as an image needs them, from a thread at the
 * normal priority, so new ones are looked for every few milliseconds.
 */
export async function withDecoderPriorityLowered<T>(work: () => Promise<T>): Promise<T> {
  lowerDecoderPriority();
  const timer = setInterval(lowerDecoderPriority, 10);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

function threadIds(): number[] {
  try {
    return readdirSync(TASKS).map(Number);
  } catch {
    return [];
  }
}

function threadName(tid: number): string | undefined {
  try {
    return readFileSync(`${TASKS}/${tid}/comm`, "utf8").trim();
  } catch {
    return undefined;
  }
}

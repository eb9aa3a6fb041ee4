/**
 * How many uploads a process takes on at once. An upload is admitted before its body is read (so at most
 * `admitted` bodies of up to 10 MB are held), waits for one of `concurrency` processing slots, and leaves when its
 * answer is sent or its connection is gone. Past `capacity` admitted uploads the next is refused at once (503 with
 * Retry-After) rather than queued without end: a restaurant uploads a handful of pictures, not hundreds at once.
 */
export type Admission = {
  /** Runs `work` in a processing slot, waiting for one first. */
  process: <T>(work: () => Promise<T>) => Promise<T>;
  /** Frees the admission (idempotent): called when the request is over, however it ended. */
  leave: () => void;
};

export type UploadQueue = {
  /** An admission, or null when `capacity` uploads are already admitted. */
  admit: () => Admission | null;
  readonly admitted: number;
  readonly processing: number;
};

export function createUploadQueue({ concurrency, capacity }: { concurrency: number; capacity: number }): UploadQueue {
  let admitted = 0;
  let processing = 0;
  const waiting: (() => void)[] = [];

  const nextSlot = (): Promise<void> => {
    if (processing < concurrency) {
      processing++;
      return Promise.resolve();
    }
    // The slot is handed over by `freeSlot` without `processing` going down and up again.
    return new Promise((resolve) => waiting.push(resolve));
  };
  const freeSlot = () => {
    const next = waiting.shift();
    if (next) next();
    else processing--;
  };

  return {
    admit() {
      if (admitted >= capacity) return null;
      admitted++;
      let left = false;
      return {
        async process(work) {
          await nextSlot();
          try {
            return await work();
          } finally {
            freeSlot();
          }
        },
        leave() {
          if (left) return;
          left = true;
          admitted--;
        },
      };
    },
    get admitted() {
      return admitted;
    },
    get processing() {
      return processing;
    },
  };
}

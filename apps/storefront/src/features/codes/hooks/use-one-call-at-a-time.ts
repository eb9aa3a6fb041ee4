import { useRef, useState } from "react";

/**
 * Runs the field's calls one at a time: a call asked for while another runs is not started (false). `busy` is
 * state for the screen; the ref also stops two effects of one render (React's development double run) from
 * both starting a call.
 */
export function useOneCallAtATime() {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function run(task: () => Promise<boolean>): Promise<boolean> {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    try {
      return await task();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return { busy, run };
}

/**
 * Reading the pickup/delivery lists of the time section (slots, delivery dates) without a crash, a flash or
 * a stale answer: an answer for an earlier key is dropped, a failure becomes a state with a retry, and a
 * re-read of the same list (basket size changed, a slot filled up) keeps the old list on screen meanwhile.
 */
import type { PickupTimeSlot } from "@app/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { availableSlots } from "../checkout-rules";

export type PickupReadStatus = "idle" | "loading" | "loaded" | "failed";

export type PickupRead<T> = {
  status: PickupReadStatus;
  /** The last answer for this list; kept while the same list is read again, null when there is none. */
  data: T | null;
  retry: () => void;
};

type ReadState<T> = { listKey: string; status: PickupReadStatus; data: T | null };

/**
 * Reads `read()` whenever `listKey` or `refreshKey` changes (and on retry). `listKey` names the list (the
 * checkout and date): a new one starts empty. `refreshKey` names why the same list is read again: its old
 * answer stays until the new one arrives. `read` null: nothing to read yet (no date chosen).
 */
export function usePickupRead<T>(
  read: (() => Promise<T>) | null,
  listKey: string,
  refreshKey: string | number = "",
): PickupRead<T> {
  // Loading from the first paint when there is something to read: no blank frame before the loading text.
  const [state, setState] = useState<ReadState<T>>(() => ({ listKey, status: read ? "loading" : "idle", data: null }));
  const [attempt, setAttempt] = useState(0);
  // The latest function, so the effect re-runs on the keys only, not on each render's new closure.
  const readRef = useRef(read);
  readRef.current = read;
  const enabled = read !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey and attempt are the reasons to read again
  useEffect(() => {
    const current = readRef.current;
    if (!current) {
      setState({ listKey, status: "idle", data: null });
      return;
    }
    let stale = false;
    setState((previous) => ({
      listKey,
      status: "loading",
      data: previous.listKey === listKey ? previous.data : null,
    }));
    current().then(
      (data) => {
        if (!stale) setState({ listKey, status: "loaded", data });
      },
      () => {
        if (!stale) setState({ listKey, status: "failed", data: null });
      },
    );
    return () => {
      stale = true;
    };
  }, [enabled, listKey, refreshKey, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  // Until the effect has caught up with a new key, the old list is not this list.
  if (state.listKey !== listKey) return { status: enabled ? "loading" : "idle", data: null, retry };
  return { status: state.status, data: state.data, retry };
}

export type PickupSlots = {
  status: PickupReadStatus;
  /** SPEC §5: only the available slots are shown. */
  available: PickupTimeSlot[];
  retry: () => void;
};

export type UsePickupSlotsArgs = {
  read: (() => Promise<PickupTimeSlot[]>) | null;
  listKey: string;
  refreshKey: string | number;
  /** The session's chosen slot (its `time`). */
  chosen: string | null;
  /** Called when a fresh answer no longer offers the chosen slot (it filled up): the guest must choose again. */
  clearChosen: () => void;
};

/** The available slots of one list, and the chosen slot cleared once a fresh answer no longer has it. */
export function usePickupSlots({ read, listKey, refreshKey, chosen, clearChosen }: UsePickupSlotsArgs): PickupSlots {
  const { status, data, retry } = usePickupRead(read, listKey, refreshKey);
  const available = data ? availableSlots(data) : [];
  const clearRef = useRef(clearChosen);
  clearRef.current = clearChosen;
  const vanished = status === "loaded" && chosen !== null && !available.some((slot) => slot.time === chosen);
  useEffect(() => {
    if (vanished) clearRef.current();
  }, [vanished]);
  return { status, available, retry };
}

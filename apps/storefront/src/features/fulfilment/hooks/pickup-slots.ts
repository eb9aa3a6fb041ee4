/**
 * Reading the pickup/delivery lists of the time section (slots, delivery dates) without a crash, a flash or
 * a stale answer: TanStack Query keys each list (api/queries.ts), a failure becomes a state with a retry, and a
 * re-read of the same list (basket size changed, a slot filled up) keeps the old list on screen meanwhile.
 */
import type { PickupTimeSlot } from "@app/contracts";
import { skipToken, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { sameList } from "../api/query-keys";
import { availableSlots } from "../fulfilment-rules";

export type PickupReadStatus = "idle" | "loading" | "loaded" | "failed";

export type PickupRead<T> = {
  status: PickupReadStatus;
  /** The last answer for this list; kept while the same list is read again, null when there is none. */
  data: T | null;
  retry: () => void;
};

type ListQuery<T> = UseQueryOptions<T, Error, T, readonly unknown[]>;

/** Reads the list of `options`; null: nothing to read yet (no date chosen, no address accepted). */
export function usePickupRead<T>(options: ListQuery<T> | null): PickupRead<T> {
  const enabled = options !== null;
  const query = useQuery<T, Error, T, readonly unknown[]>({
    ...(options ?? { queryKey: ["fulfilment", "nothing to read"], queryFn: skipToken }),
    placeholderData: (previous, previousQuery) =>
      options && sameList(previousQuery?.queryKey, options.queryKey) ? previous : undefined,
  });
  const retry = () => void query.refetch();
  if (!enabled) return { status: "idle", data: null, retry };
  if (query.isFetching) return { status: "loading", data: query.data ?? null, retry };
  if (query.isError) return { status: "failed", data: null, retry };
  return { status: "loaded", data: query.data ?? null, retry };
}

export type PickupSlots = {
  status: PickupReadStatus;
  /** SPEC §5: only the available slots are shown. */
  available: PickupTimeSlot[];
  /**
   * The day has slots, none is free for this basket, but a one-item order would have one: the basket is more
   * than the kitchen can make for any one pickup time. False when that is not known (not asked, not answered).
   */
  tooLarge: boolean;
  retry: () => void;
};

export type UsePickupSlotsArgs = {
  query: ListQuery<PickupTimeSlot[]> | null;
  /** The session's chosen slot (its `time`). */
  chosen: string | null;
  /**
   * The same date's slots for a one-item order (oneItemSlotsQuery), read only when this basket is offered
   * none; null or left out: not asked (delivery times have no such list).
   */
  oneItemQuery?: ListQuery<PickupTimeSlot[]> | null;
  /** Called when a fresh answer no longer offers the chosen slot (it filled up): the guest must choose again. */
  clearChosen: () => void;
};

/** The available slots of one list, and the chosen slot cleared once a fresh answer no longer has it. */
export function usePickupSlots({ query, chosen, clearChosen, oneItemQuery = null }: UsePickupSlotsArgs): PickupSlots {
  const { status, data, retry } = usePickupRead(query);
  const available = data ? availableSlots(data) : [];
  // "No times" has two causes the guest handles differently: the kitchen is booked (try another day, or
  // later) or the basket is too big for any one slot (remove items, or call). Only the second answer decides.
  const noneFree = status === "loaded" && data !== null && data.length > 0 && available.length === 0;
  const oneItem = usePickupRead(noneFree ? oneItemQuery : null);
  const tooLarge = noneFree && oneItem.status === "loaded" && availableSlots(oneItem.data ?? []).length > 0;
  const clearRef = useRef(clearChosen);
  clearRef.current = clearChosen;
  const vanished = status === "loaded" && chosen !== null && !available.some((slot) => slot.time === chosen);
  useEffect(() => {
    if (vanished) clearRef.current();
  }, [vanished]);
  return { status, available, tooLarge, retry };
}

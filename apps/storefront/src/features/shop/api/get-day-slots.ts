import type { PickupTimeSlot } from "@app/contracts";
import type { ApiClient } from "../../../lib/api-client";

/** GET /availableordertime/{capacityInstanceId}/{date}: a day's pickup slots for an empty basket (SPEC §7). */
export async function getDaySlots(api: ApiClient, capacityInstanceId: number, date: string): Promise<PickupTimeSlot[]> {
  return api.get<PickupTimeSlot[]>(`/availableordertime/${capacityInstanceId}/${date}`);
}

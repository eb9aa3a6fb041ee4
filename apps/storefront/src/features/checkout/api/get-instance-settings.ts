import type { InstanceSetting } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** GET /instancesetting/{instanceId}: gift cards and discounts on or off, future order dates, slot interval. */
export function getInstanceSettings(instanceId: number, client: ApiClient = api): Promise<InstanceSetting> {
  return client.get<InstanceSetting>(`/instancesetting/${encodeURIComponent(String(instanceId))}`);
}

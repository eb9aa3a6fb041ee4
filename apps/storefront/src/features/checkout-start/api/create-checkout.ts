import type { Checkout } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

export type CreateCheckoutArgs = {
  /** The module's checkoutInstanceId. */
  instanceId: number;
  moduleId: number;
};

/** POST /checkout?instanceId=&moduleId=: a new, empty OPEN checkout (link the basket next). */
export function createCheckout(
  { instanceId, moduleId }: CreateCheckoutArgs,
  client: ApiClient = api,
): Promise<Checkout> {
  const query = new URLSearchParams({ instanceId: String(instanceId), moduleId: String(moduleId) });
  return client.send<Checkout>("POST", `/checkout?${query}`);
}

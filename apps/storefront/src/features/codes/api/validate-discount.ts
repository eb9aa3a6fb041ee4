import type { DiscountValidation } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

export type ValidateDiscountArgs = {
  /** The module's discountInstanceId. */
  instanceId: number;
  moduleId: number;
  discountCode: string;
  /** The server prices the basket's lines itself; nothing is applied or reserved. */
  basketId: string;
};

/**
 * POST /discount/validate?instanceId=&moduleId=: what the code takes off this basket now (sumDiscount, DKK).
 * Used to revalidate the code when the basket total changes (SPEC §5); refusals are 422 as addDiscount's.
 */
export function validateDiscount(
  { instanceId, moduleId, discountCode, basketId }: ValidateDiscountArgs,
  client: ApiClient = api,
): Promise<DiscountValidation> {
  const query = new URLSearchParams({ instanceId: String(instanceId), moduleId: String(moduleId) });
  return client.send<DiscountValidation>("POST", `/discount/validate?${query}`, { body: { discountCode, basketId } });
}

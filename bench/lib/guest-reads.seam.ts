// The one place the bench calls the API's modules directly: what GET /api/basket/{id} and GET /api/checkout/{id}
// run behind HTTP, as plain function calls, for the in-process baseline of the guest reads
// (guest-reads-inprocess.mjs). When those modules change their public functions, this file is the one to adapt.
import type { Db } from "@app/db";
import { getBasket } from "../../apps/api/src/modules/basket/get-basket.ts";
import { loadOwnCheckout, readCheckoutJson } from "../../apps/api/src/modules/checkout/index.ts";

/** A guest read by id, answering what the route would send as JSON. */
export type GuestRead = (id: string) => Promise<{ id: string }>;

export function guestReads(db: Db, productionUnitId: number): { basket: GuestRead; checkout: GuestRead } {
  const now = () => new Date();
  return {
    // The route's default language (BasketQuery): the HTTP side sends none either.
    basket: (basketId) => getBasket({ db, now }, { basketId, productionUnitId, language: "da-DK" }),
    checkout: async (checkoutId) => readCheckoutJson(db, await loadOwnCheckout(db, checkoutId, productionUnitId)),
  };
}

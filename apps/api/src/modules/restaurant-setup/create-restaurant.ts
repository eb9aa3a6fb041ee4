/**
 * A new restaurant of an organisation, ready to sell the moment it is saved: its production unit, one
 * click-and-collect module on its host names, every instance a module needs (an empty active menu, its
 * products, checkout, kitchen capacity, delivery, discount codes, gift cards, TEST MODE payments), opening
 * hours and its receipt numbering — all in one transaction, each table written by its owner. Its settings are
 * the spec's defaults until someone changes them.
 */
import type { CreateRestaurantRequest, Restaurant } from "@app/contracts";
import type { Deps } from "../../deps";
import { recordAudit } from "../audit";
import { createCapacityInstance } from "../capacity";
import { createEmptyCatalogue } from "../catalogue";
import { createCheckoutInstance } from "../checkout";
import { createDeliveryInstance } from "../delivery";
import { createDiscountInstance } from "../discount";
import { createGiftcardInstance } from "../giftcard";
import { startReceiptSequence } from "../order";
import { createPaymentInstance } from "../payment";
import { DEFAULT_LANGUAGE_SETTING, saveSettings } from "../settings";
import type { SignedInStaff } from "../staff";
import { insertRestaurantRows, type WeeklyHours } from "../tenancy";
import { normaliseHosts, refuseTakenHosts, withHostsClaimed } from "./host-names";
import { readRestaurant } from "./read-restaurant";

/**
 * Every day 11:00–21:00 until the restaurant sets its own hours (a later issue edits them): open at lunch and
 * dinner, so a new shop takes orders at once.
 */
export const DEFAULT_OPENING_HOURS: WeeklyHours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  opens: "11:00",
  closes: "21:00",
}));

export async function createRestaurant(
  deps: Deps,
  staff: SignedInStaff,
  organisationId: number,
  request: CreateRestaurantRequest,
): Promise<Restaurant> {
  const { db } = deps;
  await refuseTakenHosts(db, request.hosts, "hosts");
  const at = deps.now();
  const productionUnitId = await withHostsClaimed(db, request.hosts, "hosts", undefined, () =>
    db.transaction(async (tx) => {
      const catalogue = await createEmptyCatalogue(tx, request.name);
      const instances = {
        menuInstanceId: catalogue.menuInstanceId,
        productInstanceId: catalogue.productInstanceId,
        checkoutInstanceId: await createCheckoutInstance(tx),
        capacityInstanceId: await createCapacityInstance(tx),
        deliveryInstanceId: await createDeliveryInstance(tx),
        discountInstanceId: await createDiscountInstance(tx),
        giftcardInstanceId: await createGiftcardInstance(tx),
        paymentInstanceId: await createPaymentInstance(tx),
      };
      const { name, address, zipCode, phone, receiptEmail, cvrNumber, timeZone } = request;
      const created = await insertRestaurantRows(tx, {
        organisationId,
        details: { name, address, zipCode, phone, receiptEmail, cvrNumber, timeZone },
        instances,
        hosts: normaliseHosts(request.hosts),
        openingHours: DEFAULT_OPENING_HOURS,
      });
      await startReceiptSequence(tx, created.productionUnitId);
      await saveSettings(tx, created.moduleId, { [DEFAULT_LANGUAGE_SETTING]: request.defaultLanguage });
      await recordAudit(tx, staff, at, {
        organisationId,
        productionUnitId: created.productionUnitId,
        action: "restaurant.create",
        before: null,
        // What was set, not the (empty) catalogue the answer lists beside it.
        after: withoutCatalogue(await readRestaurant(tx, created.productionUnitId)),
      });
      return created.productionUnitId;
    }),
  );
  // The storefront of every API process answers on the new hosts from here on (decision 021's edit barrier).
  await deps.changes.settleEverywhere();
  return readRestaurant(db, productionUnitId);
}

const withoutCatalogue = ({ catalogue: _catalogue, ...restaurant }: Restaurant) => restaurant;

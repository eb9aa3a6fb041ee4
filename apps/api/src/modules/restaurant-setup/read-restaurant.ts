/**
 * A restaurant as the back office shows it, read fresh from the tables' owners (never a kept copy: an editor
 * sees what is committed, or inside a transaction what it just wrote).
 */
import type { Restaurant, RestaurantSettings } from "@app/contracts";
import type { Executor } from "@app/db";
import { notFound } from "../../errors";
import { listCatalogueNames } from "../catalogue";
import { readOwnSettings, readServiceSettings, readSettingsForEditing, readTermsForEditing } from "../settings";
import { findRestaurantRows, type RestaurantRow, requireOwnModule } from "../tenancy";

export async function readRestaurant(db: Executor, productionUnitId: number): Promise<Restaurant> {
  const [row] = await findRestaurantRows(db, [productionUnitId]);
  if (!row || row.unit.organisationId === null) throw notFound("Restaurant");
  return toRestaurant(db, row, row.unit.organisationId);
}

async function toRestaurant(db: Executor, row: RestaurantRow, organisationId: number): Promise<Restaurant> {
  const [{ logo, ...settings }, own, service, terms, module] = await Promise.all([
    readSettingsForEditing(db, row.moduleId),
    readOwnSettings(db, row.moduleId),
    readServiceSettings(db, row.unit.id),
    readTermsForEditing(db, row.moduleId),
    requireOwnModule(db, row.moduleId, row.unit.id),
  ]);
  const { unit } = row;
  const defaultLanguage = own.defaultLanguage ?? "da-DK";
  // The names the settings' category and product pickers offer: read, never stored, so they are never stale.
  const catalogue = await listCatalogueNames(db, module, defaultLanguage);
  return {
    id: unit.id,
    organisationId,
    moduleId: row.moduleId,
    name: unit.name,
    address: unit.address,
    zipCode: unit.zipCode,
    phone: unit.phone,
    receiptEmail: unit.receiptEmail,
    cvrNumber: unit.cvrNumber,
    timeZone: unit.timeZone,
    hosts: row.hosts,
    defaultLanguage,
    settings: settings satisfies RestaurantSettings,
    service,
    logo,
    maintenance: own.maintenance,
    terms,
    catalogue,
  };
}

/** The restaurants of these ids (those the account's memberships cover), with their hosts and maintenance flag. */
export async function listRestaurants(db: Executor, productionUnitIds: number[]) {
  const rows = await findRestaurantRows(db, productionUnitIds);
  return Promise.all(
    rows.flatMap((row) =>
      row.unit.organisationId === null
        ? []
        : [
            readOwnSettings(db, row.moduleId).then((own) => ({
              id: row.unit.id,
              organisationId: row.unit.organisationId!,
              name: row.unit.name,
              hosts: row.hosts,
              maintenance: own.maintenance,
              timeZone: row.unit.timeZone,
            })),
          ],
    ),
  );
}

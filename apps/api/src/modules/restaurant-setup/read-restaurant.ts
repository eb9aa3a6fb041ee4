/**
 * A restaurant as the back office shows it, read fresh from the tables' owners (never a kept copy: an editor
 * sees what is committed, or inside a transaction what it just wrote), with each section's version.
 */
import type { Restaurant, RestaurantSection, RestaurantSettings, RestaurantVersions } from "@app/contracts";
import type { Executor } from "@app/db";
import { notFound } from "../../errors";
import { sectionVersion } from "../../shared/section-version";
import { listCatalogueNames } from "../catalogue";
import { readOwnSettings, readServiceSettings, readSettingsForEditing, readTermsForEditing } from "../settings";
import { findRestaurantRows, type RestaurantRow, requireOwnModule } from "../tenancy";

/** The audit actions a save of each section records: the newest of them names who saved the section last. */
export const DETAILS_ACTION = "restaurant.details.update";
export const HOSTS_ACTION = "restaurant.hosts.update";
export const SECTION_ACTIONS: Record<RestaurantSection, readonly [string, ...string[]]> = {
  details: [DETAILS_ACTION, HOSTS_ACTION],
  settings: ["settings.update"],
  service: ["service.update"],
  terms: ["terms.update"],
  maintenance: ["maintenance.update"],
};

export async function readRestaurant(db: Executor, productionUnitId: number): Promise<Restaurant> {
  return (await readRestaurantForSave(db, productionUnitId)).restaurant;
}

/** The restaurant and when it was created (who saved a section the back office never saved: its creation). */
export async function readRestaurantForSave(db: Executor, productionUnitId: number) {
  const [row] = await findRestaurantRows(db, [productionUnitId]);
  if (!row || row.unit.organisationId === null) throw notFound("Restaurant");
  return { restaurant: await toRestaurant(db, row, row.unit.organisationId), createdAt: row.unit.createdAt };
}

/** The details section as the back office edits it (the host names beside it). */
export function restaurantDetails(r: Omit<Restaurant, "versions">) {
  const { name, address, zipCode, phone, receiptEmail, cvrNumber, timeZone, defaultLanguage } = r;
  return { name, address, zipCode, phone, receiptEmail, cvrNumber, timeZone, defaultLanguage };
}

/**
 * Each section's version: a hash of its contents as read (shared/section-version.ts), so no table needs a
 * counter that every writer of these settings would have to move (decision 042).
 */
function versionsOf(r: Omit<Restaurant, "versions">): RestaurantVersions {
  return {
    details: sectionVersion({ ...restaurantDetails(r), hosts: r.hosts }),
    settings: sectionVersion(r.settings),
    service: sectionVersion(r.service),
    terms: sectionVersion(r.terms),
    maintenance: sectionVersion(r.maintenance),
  };
}

async function toRestaurant(db: Executor, row: RestaurantRow, organisationId: number): Promise<Restaurant> {
  // One after another: `db` may be a transaction (a save compares versions in it), whose one connection pg would
  // otherwise be asked to run several queries at once (deprecated, and refused by pg 9).
  const { logo, ...settings } = await readSettingsForEditing(db, row.moduleId);
  const own = await readOwnSettings(db, row.moduleId);
  const service = await readServiceSettings(db, row.unit.id);
  const terms = await readTermsForEditing(db, row.moduleId);
  const module = await requireOwnModule(db, row.moduleId, row.unit.id);
  const { unit } = row;
  const defaultLanguage = own.defaultLanguage ?? "da-DK";
  // The names the settings' category and product pickers offer: read, never stored, so they are never stale.
  const catalogue = await listCatalogueNames(db, module, defaultLanguage);
  const restaurant = {
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
  return { ...restaurant, versions: versionsOf(restaurant) };
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

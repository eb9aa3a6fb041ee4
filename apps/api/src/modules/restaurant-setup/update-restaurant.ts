/**
 * PUT /api/admin/restaurants/{restaurantId}: each section sent replaces that section whole, in one transaction
 * with one audit entry per section that changed (before and after). Details (name, address, host names, time
 * zone, default language) are the owner's; settings, service, terms and the maintenance flag also a manager's.
 */
import type { Restaurant, UpdateRestaurantRequest } from "@app/contracts";
import type { Executor } from "@app/db";
import type { Deps } from "../../deps";
import { type AuditChange, recordAudit } from "../audit";
import {
  ACKNOWLEDGE_MINUTES_SETTING,
  AUTO_REJECT_MINUTES_SETTING,
  DEFAULT_LANGUAGE_SETTING,
  MAINTENANCE_SETTING,
  saveModuleTerms,
  saveSettings,
} from "../settings";
import { MANAGERS, OWNERS, requireRestaurant, type SignedInStaff } from "../staff";
import { replaceHosts, updateUnitDetails } from "../tenancy";
import { refuseLowContrast } from "./brand-colour";
import { refuseForeignCatalogueIds } from "./check-setting-references";
import { normaliseHosts, refuseTakenHosts, withHostsClaimed } from "./host-names";
import { readRestaurant } from "./read-restaurant";

export async function updateRestaurant(
  deps: Deps,
  staff: SignedInStaff,
  productionUnitId: number,
  request: UpdateRestaurantRequest,
): Promise<Restaurant> {
  const { db } = deps;
  requireRestaurant(staff, productionUnitId, request.details ? OWNERS : MANAGERS);
  const before = await readRestaurant(db, productionUnitId);
  if (request.settings) {
    refuseLowContrast(request.settings.primaryColor, "settings.primaryColor");
    await refuseForeignCatalogueIds(db, { moduleId: before.moduleId, productionUnitId }, request.settings);
  }
  const hosts = request.details?.hosts ?? [];
  if (request.details) await refuseTakenHosts(db, hosts, "details.hosts", before.moduleId);
  const at = deps.now();
  await withHostsClaimed(db, hosts, "details.hosts", before.moduleId, () =>
    db.transaction(async (tx) => {
      await saveSections(tx, before, request, at);
      const after = await readRestaurant(tx, productionUnitId);
      for (const change of changesBetween(before, after)) await recordAudit(tx, staff, at, change);
    }),
  );
  // Every API process's storefront shows the change from the next page load (decision 021's edit barrier).
  await deps.changes.settleEverywhere();
  return readRestaurant(db, productionUnitId);
}

async function saveSections(tx: Executor, before: Restaurant, request: UpdateRestaurantRequest, at: Date) {
  const { details, settings, service, terms, maintenance } = request;
  if (details) {
    const { name, address, zipCode, phone, receiptEmail, cvrNumber, timeZone } = details;
    await updateUnitDetails(tx, before.id, { name, address, zipCode, phone, receiptEmail, cvrNumber, timeZone });
    const hosts = normaliseHosts(details.hosts);
    if (!sameList(hosts, before.hosts)) await replaceHosts(tx, before.moduleId, hosts);
    await saveSettings(tx, before.moduleId, { [DEFAULT_LANGUAGE_SETTING]: details.defaultLanguage });
  }
  if (settings) await saveSettings(tx, before.moduleId, settings);
  if (service) {
    await saveSettings(tx, before.moduleId, {
      [ACKNOWLEDGE_MINUTES_SETTING]: service.acknowledgeMinutes,
      [AUTO_REJECT_MINUTES_SETTING]: service.autoRejectMinutes,
    });
  }
  if (terms !== undefined) await saveModuleTerms(tx, before.moduleId, terms, at);
  if (maintenance !== undefined) await saveSettings(tx, before.moduleId, { [MAINTENANCE_SETTING]: maintenance });
}

function sameList(a: string[], b: string[]): boolean {
  return [...a].sort().join("\n") === [...b].sort().join("\n");
}

/** One audit entry per part of the restaurant that changed: what it was and what it is now. */
function changesBetween(before: Restaurant, after: Restaurant): AuditChange[] {
  const parts: { action: string; of: (restaurant: Restaurant) => unknown }[] = [
    { action: "restaurant.details.update", of: restaurantDetails },
    { action: "restaurant.hosts.update", of: (r) => r.hosts },
    { action: "settings.update", of: (r) => r.settings },
    { action: "service.update", of: (r) => r.service },
    { action: "terms.update", of: (r) => r.terms },
    { action: "maintenance.update", of: (r) => r.maintenance },
  ];
  return parts.flatMap(({ action, of }) => {
    const [was, is] = [of(before), of(after)];
    if (JSON.stringify(was) === JSON.stringify(is)) return [];
    return [{ organisationId: after.organisationId, productionUnitId: after.id, action, before: was, after: is }];
  });
}

function restaurantDetails(r: Restaurant) {
  const { name, address, zipCode, phone, receiptEmail, cvrNumber, timeZone, defaultLanguage } = r;
  return { name, address, zipCode, phone, receiptEmail, cvrNumber, timeZone, defaultLanguage };
}

/**
 * PUT /api/admin/restaurants/{restaurantId}: each section sent replaces that section whole, in one transaction
 * with one audit entry per section that changed (before and after). Details (name, address, host names, time
 * zone, default language) are the owner's; settings, service, terms and the maintenance flag also a manager's.
 *
 * Each section sent comes with the version the editor read (read-restaurant.ts: a hash of the section's
 * contents, decision 042). The transaction locks the restaurant's row first, so two saves take turns and the
 * second compares its versions with what the first committed: a stale section is 409 EditConflict (who saved
 * that section last and when, from its newest audit entry) and nothing is written.
 */
import { type EditConflict, RESTAURANT_SECTIONS, type Restaurant, type UpdateRestaurantRequest } from "@app/contracts";
import type { Executor } from "@app/db";
import type { Deps } from "../../deps";
import { StaleSection } from "../../shared/section-version";
import { type AuditChange, findLatestAuditEntry, recordAudit } from "../audit";
import {
  ACKNOWLEDGE_MINUTES_SETTING,
  AUTO_REJECT_MINUTES_SETTING,
  DEFAULT_LANGUAGE_SETTING,
  MAINTENANCE_SETTING,
  saveModuleTerms,
  saveSettings,
} from "../settings";
import { editConflict, MANAGERS, OWNERS, requireRestaurant, type SignedInStaff } from "../staff";
import { lockProductionUnit, replaceHosts, updateUnitDetails } from "../tenancy";
import { refuseLowContrast } from "./brand-colour";
import { refuseForeignCatalogueIds } from "./check-setting-references";
import { normaliseHosts, refuseTakenHosts, withHostsClaimed } from "./host-names";
import {
  DETAILS_ACTION,
  HOSTS_ACTION,
  readRestaurant,
  readRestaurantForSave,
  restaurantDetails,
  SECTION_ACTIONS,
} from "./read-restaurant";

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
      await lockProductionUnit(tx, productionUnitId);
      const { restaurant: current, createdAt } = await readRestaurantForSave(tx, productionUnitId);
      await refuseStaleSections(tx, current, createdAt, request);
      await saveSections(tx, current, request, at);
      const after = await readRestaurant(tx, productionUnitId);
      for (const change of changesBetween(current, after)) await recordAudit(tx, staff, at, change);
    }),
  );
  // Every API process's storefront shows the change from the next page load (decision 021's edit barrier).
  await deps.changes.settleEverywhere();
  return readRestaurant(db, productionUnitId);
}

/** 409 for the first section sent whose version is not the current one (the route answers StaleSection). */
async function refuseStaleSections(
  tx: Executor,
  current: Restaurant,
  createdAt: Date,
  request: UpdateRestaurantRequest,
) {
  for (const section of RESTAURANT_SECTIONS) {
    if (request[section] === undefined || request.versions[section] === current.versions[section]) continue;
    const actions = SECTION_ACTIONS[section];
    throw new StaleSection(await sectionConflict(tx, current.id, actions, current.versions[section], createdAt));
  }
}

async function sectionConflict(
  tx: Executor,
  productionUnitId: number,
  actions: readonly string[],
  version: number,
  createdAt: Date,
): Promise<EditConflict> {
  // One after another: a transaction's one connection runs one query at a time (pg warns of several at once).
  let latest: Awaited<ReturnType<typeof findLatestAuditEntry>>;
  for (const action of actions) {
    const entry = await findLatestAuditEntry(tx, productionUnitId, action);
    if (entry && (!latest || entry.at > latest.at)) latest = entry;
  }
  // Never saved in the back office: the seed (or the restaurant's creation) wrote it.
  return editConflict(tx, { version, updatedAt: latest?.at ?? createdAt, updatedBy: latest?.accountId ?? null });
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
    { action: DETAILS_ACTION, of: restaurantDetails },
    { action: HOSTS_ACTION, of: (r) => r.hosts },
    { action: SECTION_ACTIONS.settings[0], of: (r) => r.settings },
    { action: SECTION_ACTIONS.service[0], of: (r) => r.service },
    { action: SECTION_ACTIONS.terms[0], of: (r) => r.terms },
    { action: SECTION_ACTIONS.maintenance[0], of: (r) => r.maintenance },
  ];
  return parts.flatMap(({ action, of }) => {
    const [was, is] = [of(before), of(after)];
    if (JSON.stringify(was) === JSON.stringify(is)) return [];
    return [{ organisationId: after.organisationId, productionUnitId: after.id, action, before: was, after: is }];
  });
}

/** What other features use of the tenancy feature. */
export { requireOrderableModule, requireOwnInstance, requireOwnModule, requireOwnProductionUnit } from "./access";
export {
  type ClosedDateRow,
  type HoursKind,
  type HoursRows,
  lockProductionUnit,
  readHoursRows,
  replaceHoursRows,
  type SpecialHoursRow,
  type WeeklyRangeRow,
} from "./hours-rows";
export {
  findClosedDates,
  findHours,
  findHoursRules,
  findModuleHosts,
  findOrganisationHosts,
  findOrganisationUnits,
  findProductionUnit,
  findProductionUnitHosts,
  findProductionUnitIds,
  type ModuleRow,
} from "./repository";
export {
  CLICK_AND_COLLECT,
  findRestaurantRows,
  findTakenHosts,
  insertRestaurantRows,
  type ModuleInstances,
  type RestaurantRow,
  replaceHosts,
  type UnitDetails,
  updateUnitDetails,
  type WeeklyHours,
} from "./restaurant-rows";

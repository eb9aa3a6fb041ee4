/** What other features use of the tenancy feature. */
export { requireOrderableModule, requireOwnInstance, requireOwnModule, requireOwnProductionUnit } from "./access";
export { findClosedDates, findHours, findProductionUnit, findProductionUnitHosts, type ModuleRow } from "./repository";

/** What other features use of the tenancy feature. */
export { requireOrderableModule, requireOwnInstance, requireOwnModule, requireOwnProductionUnit } from "./access";
export { findClosedDates, findHours, findProductionUnit, type ModuleRow } from "./repository";

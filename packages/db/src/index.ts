export * from "./change-feed";
export * from "./client";
export { DataDirInUseError } from "./data-dir-lock";
export { checkDatabaseReadiness, type DatabaseReadiness } from "./readiness";
export type { OrderLineChoice, Translations } from "./schema";
export * as schema from "./schema";
export { type DemoAccount, demoStaff, seedDemoData } from "./seed";
export { isDatabaseUnavailable } from "./unavailable";
